# The torchvision models of BENCHMARKS.md, exported on the GPU machine (PyTorch is installed there):
# random weights (torch.manual_seed(0)), opset 17, a dynamic batch dimension, to /tmp/models/NAME.onnx.
#   python3 scripts/device/export_torchvision.py NAME…
import sys, torch, torchvision
for name in sys.argv[1:]:
    torch.manual_seed(0)
    m = getattr(torchvision.models, name)().eval()
    if name.startswith("vit_"):  # a zero-initialized head makes every logit its zero bias: nothing to compare
        torch.nn.init.normal_(m.heads.head.weight, std=0.02)
        torch.nn.init.normal_(m.heads.head.bias, std=0.02)
    torch.onnx.export(m, torch.randn(1, 3, 224, 224), f"/tmp/models/{name}.onnx", opset_version=17,
                      input_names=["input"], output_names=["logits"], dynamo=False,
                      dynamic_axes={"input": {0: "batch"}, "logits": {0: "batch"}})
