#!/usr/bin/env python3
# Architectures a user meets, exported as their users export them (random weights, no download):
# torchvision classification, detection backbones and heads without post-processing, segmentation
# with bilinear upsampling; Hugging Face text encoders, decoders and an encoder-decoder with dynamic
# sequence axes; speech encoders (wav2vec2, Whisper); timm models. For each: OUT/NAME/model.onnx,
# seeded inputs (OUT/NAME/in_K.bin) and onnxruntime's outputs on them (OUT/NAME/out_K.bin), described
# in OUT/NAME/meta.json — the oracle `check_zoo` compares our WebGPU run against.
#   python3 scripts/device/export_zoo.py OUT [NAME…]
import os, sys, traceback
from oracle_files import write_oracle
import torch

out = sys.argv[1]
only = set(sys.argv[2:])
os.makedirs(out, exist_ok=True)


class Outputs(torch.nn.Module):
    """A model whose output is a dict, tuple or ModelOutput, reduced to its tensors in order (the first `keep`)."""
    def __init__(self, m, keys=None, keep=None):
        super().__init__(); self.m = m; self.keys = keys; self.keep = keep

    def forward(self, *a, **k):
        r = self.m(*a, **k)
        if isinstance(r, torch.Tensor):
            return r
        if hasattr(r, 'to_tuple'):
            r = r.to_tuple()
        if isinstance(r, dict):
            r = tuple(r[k] for k in (self.keys or r.keys()))
        r = tuple(t for t in r if isinstance(t, torch.Tensor))
        return r[:self.keep] if self.keep else r


class Decoder(torch.nn.Module):
    """A causal LM called as its users call it for one forward pass: ids and mask in, the first output (logits or hidden states) out, no cache."""
    def __init__(self, m):
        super().__init__(); self.m = m

    def forward(self, input_ids, attention_mask):
        return self.m(input_ids=input_ids, attention_mask=attention_mask, use_cache=False, return_dict=False)[0]


def tv(name, **kw):
    import torchvision.models as M
    import torchvision.models.detection, torchvision.models.segmentation  # noqa: F401 (their builders)
    for where in (M, M.segmentation, M.detection):
        if hasattr(where, name):
            return getattr(where, name)(weights=None, **kw).eval()
    raise AttributeError(f'torchvision has no model {name}')


def image(n=224):
    return (torch.randn(1, 3, n, n),)


def text(vocab=1000, seq=16, names=('input_ids', 'attention_mask')):
    ids = torch.randint(0, vocab, (1, seq))
    return (ids, torch.ones(1, seq, dtype=torch.long)) if len(names) == 2 else (ids,)


def hf(cls_name, cfg_name, **cfg):
    import transformers as T
    config = getattr(T, cfg_name)(**cfg)
    config._attn_implementation = 'eager'  # the attention users export (SDPA's mask helpers do not export)
    return getattr(T, cls_name)(config).eval()


SEQ = {'input_ids': {1: 'seq'}, 'attention_mask': {1: 'seq'}}
ZOO = {
    # vision: classification (torchvision), a dynamic batch as torchvision users export it
    'resnet18': lambda: (tv('resnet18'), image(), ['input'], {'input': {0: 'batch'}}),
    'mobilenet_v3_small': lambda: (tv('mobilenet_v3_small'), image(), ['input'], {'input': {0: 'batch'}}),
    'efficientnet_b0': lambda: (tv('efficientnet_b0'), image(), ['input'], {'input': {0: 'batch'}}),
    'regnet_y_400mf': lambda: (tv('regnet_y_400mf'), image(), ['input'], None),
    'convnext_tiny': lambda: (tv('convnext_tiny'), image(), ['input'], None),
    'swin_t': lambda: (tv('swin_t'), image(), ['input'], None),
    'vit_b_16': lambda: (tv('vit_b_16'), image(), ['input'], None),
    'densenet121': lambda: (tv('densenet121'), image(), ['input'], None),
    'shufflenet_v2_x1_0': lambda: (tv('shufflenet_v2_x1_0'), image(), ['input'], None),
    'mnasnet1_0': lambda: (tv('mnasnet1_0'), image(), ['input'], None),
    'googlenet': lambda: (tv('googlenet', aux_logits=False, init_weights=True), image(), ['input'], None),
    'inception_v3': lambda: (tv('inception_v3', aux_logits=False, init_weights=True), image(299), ['input'], None),
    'maxvit_t': lambda: (tv('maxvit_t'), image(), ['input'], None),
    # vision: segmentation (bilinear Resize to the input size)
    'deeplabv3_mobilenet_v3_large': lambda: (Outputs(tv('deeplabv3_mobilenet_v3_large', weights_backbone=None, aux_loss=False), ['out']), image(256), ['input'], None),
    'lraspp_mobilenet_v3_large': lambda: (Outputs(tv('lraspp_mobilenet_v3_large', weights_backbone=None), ['out']), image(256), ['input'], None),
    'fcn_resnet50': lambda: (Outputs(tv('fcn_resnet50', weights_backbone=None, aux_loss=False), ['out']), image(256), ['input'], None),
    'segformer_b0': lambda: (Outputs(hf('SegformerForSemanticSegmentation', 'SegformerConfig'), keep=1), image(256), ['pixel_values'], None),
    # vision: detection without post-processing (backbone, FPN and heads)
    'retinanet_heads': lambda: (RetinaHeads(), image(320), ['input'], None),
    'ssdlite_heads': lambda: (SsdHeads(), image(320), ['input'], None),
    # text: encoders, decoders, an encoder-decoder (dynamic sequence axis)
    'bert_base': lambda: (Outputs(hf('BertModel', 'BertConfig'), keep=1), text(), ['input_ids', 'attention_mask'], SEQ),
    'distilbert': lambda: (Outputs(hf('DistilBertModel', 'DistilBertConfig'), keep=1), text(), ['input_ids', 'attention_mask'], SEQ),
    'roberta': lambda: (Outputs(hf('RobertaModel', 'RobertaConfig', num_hidden_layers=6), keep=1), text(), ['input_ids', 'attention_mask'], SEQ),
    'albert': lambda: (Outputs(hf('AlbertModel', 'AlbertConfig'), keep=1), text(), ['input_ids', 'attention_mask'], SEQ),
    'electra_small': lambda: (Outputs(hf('ElectraModel', 'ElectraConfig'), keep=1), text(), ['input_ids', 'attention_mask'], SEQ),
    'gpt2': lambda: (Decoder(hf('GPT2LMHeadModel', 'GPT2Config', n_layer=4, use_cache=False)), text(), ['input_ids', 'attention_mask'], SEQ),
    'gpt_neo': lambda: (Decoder(hf('GPTNeoModel', 'GPTNeoConfig', num_layers=4, attention_types=[[['global', 'local'], 2]], use_cache=False)), text(), ['input_ids', 'attention_mask'], SEQ),
    'llama_tiny': lambda: (Outputs(hf('LlamaModel', 'LlamaConfig', hidden_size=256, intermediate_size=512, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, vocab_size=1000, use_cache=False), keep=1), text(), ['input_ids', 'attention_mask'], SEQ),
    't5_small': lambda: (T5Wrap(), (torch.randint(0, 1000, (1, 12)), torch.randint(0, 1000, (1, 6))), ['input_ids', 'decoder_input_ids'], {'input_ids': {1: 'seq'}, 'decoder_input_ids': {1: 'dseq'}}),
    # speech
    'wav2vec2': lambda: (Outputs(hf('Wav2Vec2Model', 'Wav2Vec2Config', num_hidden_layers=4), keep=1), (torch.randn(1, 16000),), ['input_values'], {'input_values': {1: 'samples'}}),
    'whisper_encoder': lambda: (WhisperEncoder(), (torch.randn(1, 80, 3000),), ['input_features'], None),
    # timm
    'timm_resnet50d': lambda: (timm_model('resnet50d'), image(), ['input'], None),
    'timm_mobilevit_s': lambda: (timm_model('mobilevit_s'), image(256), ['input'], None),
    'timm_efficientformer_l1': lambda: (timm_model('efficientformer_l1'), image(), ['input'], None),
    'timm_deit_small': lambda: (timm_model('deit_small_patch16_224'), image(), ['input'], None),
}


def timm_model(name):
    import timm
    return timm.create_model(name, pretrained=False).eval()


class RetinaHeads(torch.nn.Module):
    """torchvision's RetinaNet without its post-processing: backbone + FPN + the class and box heads."""
    def __init__(self):
        super().__init__()
        m = tv('retinanet_resnet50_fpn', weights_backbone=None)
        self.backbone, self.head = m.backbone, m.head

    def forward(self, x):
        feats = list(self.backbone(x).values())
        out = self.head(feats)
        return out['cls_logits'], out['bbox_regression']


class SsdHeads(torch.nn.Module):
    """torchvision's SSDlite (MobileNetV3) without its post-processing: backbone and the class and box heads."""
    def __init__(self):
        super().__init__()
        m = tv('ssdlite320_mobilenet_v3_large', weights_backbone=None)
        self.backbone, self.head = m.backbone, m.head

    def forward(self, x):
        out = self.head(list(self.backbone(x).values()))
        return out['cls_logits'], out['bbox_regression']


class T5Wrap(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.m = hf('T5Model', 'T5Config', d_model=256, d_ff=512, num_layers=2, num_heads=4, vocab_size=1000)

    def forward(self, input_ids, decoder_input_ids):
        return self.m(input_ids=input_ids, decoder_input_ids=decoder_input_ids).last_hidden_state


class WhisperEncoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.m = hf('WhisperModel', 'WhisperConfig', d_model=384, encoder_layers=4, decoder_layers=1, encoder_attention_heads=6, decoder_attention_heads=6).get_encoder()

    def forward(self, input_features):
        return self.m(input_features=input_features).last_hidden_state


def export(name):
    torch.manual_seed(0)
    model, inputs, input_names, dynamic = ZOO[name]()
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, 'model.onnx')
    # Not under no_grad: torchvision's attention takes a fused fast path there that does not export.
    try:
        torch.onnx.export(model, inputs, path, input_names=input_names, opset_version=17, dynamo=False,
                          dynamic_axes=dynamic, do_constant_folding=True)
    except Exception as e:
        # Some decoders (GPT-2, GPT-Neo with transformers 5) trace only through torch.export: the
        # exporter users are pointed to now, opset 18, the same dynamic axes.
        print(f'{name}: the TorchScript exporter failed ({type(e).__name__}); exporting with dynamo=True', flush=True)
        torch.onnx.export(model, inputs, path, input_names=input_names, opset_version=18, dynamo=True,
                          dynamic_axes=dynamic, external_data=False)
    import onnxruntime as ort
    sess = ort.InferenceSession(path, providers=['CPUExecutionProvider'])
    feeds = {i.name: t.numpy() for i, t in zip(sess.get_inputs(), inputs)}
    outs = sess.run(None, feeds)
    write_oracle(d, feeds, [o.name for o in sess.get_outputs()], outs)
    print(f'exported {name}: {os.path.getsize(path) / 1e6:.1f} MB', flush=True)


for name in ZOO:
    if only and name not in only:
        continue
    try:
        export(name)
    except Exception as e:  # one architecture that does not export is reported, and the rest go on
        print(f'export failed {name}: {type(e).__name__}: {str(e).splitlines()[0][:300]}', flush=True)
        traceback.print_exc(limit=2, file=open(os.path.join(out, f'{name}.export-error.txt'), 'w'))
