#!/usr/bin/env python3
"""Exports torchvision architectures (random weights: nothing is downloaded) to ONNX for tests and
benchmarks: python3 scripts/export-models.py OUT_DIR [NAME...]. Needs Debian's python3-torch,
python3-torchvision and python3-onnx. Existing files are kept. NAME_int8 (e.g. vit_b_16_int8) is NAME
dynamically quantized by onnxruntime's quantize_dynamic, its MatMuls only (int8 weights, uint8
activations quantized at run time: DynamicQuantizeLinear → MatMulInteger); NAME_qlinear is NAME
statically quantized by quantize_static in the QOperator format, its Convs and MatMuls (QLinearConv /
QLinearMatMul on uint8 activations and per-channel int8 weights, calibrated on four seeded random
inputs). Both need the onnxruntime Python package."""
import inspect
import os
import sys

import onnx
import torch
import torchvision

def random_head(vit):
    """torchvision zero-initializes ViT's classifier, so every logit would be its zero bias: random
    weights there make outputs that comparisons with other runtimes can tell apart."""
    torch.nn.init.normal_(vit.heads.head.weight, std=0.02)
    torch.nn.init.normal_(vit.heads.head.bias, std=0.02)
    return vit


MODELS = {
    "squeezenet1_1": lambda: torchvision.models.squeezenet1_1(),
    "mobilenet_v2": lambda: torchvision.models.mobilenet_v2(),
    "resnet18": lambda: torchvision.models.resnet18(),
    "resnet50": lambda: torchvision.models.resnet50(),
    "efficientnet_b0": lambda: torchvision.models.efficientnet_b0(),
    "vit_b_16": lambda: random_head(torchvision.models.vit_b_16()),
    # Windowed attention with shifted windows, and layer normalizations over channels moved last.
    "swin_t": lambda: torchvision.models.swin_t(),
    "convnext_tiny": lambda: torchvision.models.convnext_tiny(),
    # Inception modules: four parallel branches each (memory plans per branch, BENCHMARKS.md).
    "googlenet": lambda: torchvision.models.googlenet(aux_logits=False, init_weights=True),
    # Branches within branches (InceptionE's 1×3 and 3×1 pairs); exported at 224×224 like the others.
    "inception_v3": lambda: torchvision.models.inception_v3(aux_logits=False, init_weights=True),
    # Dense blocks: each layer concatenates every earlier layer's features (concats of up to 32 inputs).
    "densenet121": lambda: torchvision.models.densenet121(),
}


def main() -> None:
    out = sys.argv[1]
    names = sys.argv[2:] or list(MODELS)
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    for name in names:
        path = os.path.join(out, f"{name}.onnx")
        if os.path.exists(path):
            continue
        if name.endswith("_int8"):
            from onnxruntime.quantization import QuantType, quantize_dynamic

            base = name[: -len("_int8")]
            export(out, base)
            # The exporter's value_info trips the quantizer's shape inference; the quantizer infers its own.
            plain = onnx.load(os.path.join(out, f"{base}.onnx"))
            del plain.graph.value_info[:]
            onnx.save(plain, path + ".plain")
            quantize_dynamic(path + ".plain", path + ".tmp", weight_type=QuantType.QInt8, op_types_to_quantize=["MatMul"])
            os.remove(path + ".plain")
            os.replace(path + ".tmp", path)
            print(f"exported {path}")
            continue
        if name.endswith("_qlinear"):
            quantize_static_qoperator(out, name[: -len("_qlinear")], path)
            continue
        export(out, name)


def quantize_static_qoperator(out: str, base: str, path: str) -> None:
    import numpy as np
    from onnxruntime.quantization import CalibrationDataReader, QuantFormat, QuantType, quantize_static

    class Inputs(CalibrationDataReader):
        def __init__(self) -> None:
            self.left = [{"input": np.random.RandomState(seed).randn(1, 3, 224, 224).astype(np.float32)} for seed in range(4)]

        def get_next(self):
            return self.left.pop() if self.left else None

    from onnxruntime.quantization.shape_inference import quant_pre_process

    export(out, base)
    # quantize_static wants its input pre-processed (shapes inferred, graph optimized).
    quant_pre_process(os.path.join(out, f"{base}.onnx"), path + ".plain")
    quantize_static(path + ".plain", path + ".tmp", Inputs(), quant_format=QuantFormat.QOperator, op_types_to_quantize=["Conv", "MatMul"],
                    per_channel=True, activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8)
    os.remove(path + ".plain")
    os.replace(path + ".tmp", path)
    print(f"exported {path}")


def export(out: str, name: str) -> None:
    path = os.path.join(out, f"{name}.onnx")
    if not os.path.exists(path):
        model = MODELS[name]().eval()
        x = torch.randn(1, 3, 224, 224)
        # The TorchScript exporter everywhere (torch ≥ 2.9 defaults to the dynamo one), at opset 13 for
        # Debian's torch 1.13 and at 17 where it is newer (its attention needs opset 14; BENCHMARKS.md's)
        newer = "dynamo" in inspect.signature(torch.onnx.export).parameters
        legacy = {"dynamo": False} if newer else {}
        torch.onnx.export(model, x, path + ".tmp", opset_version=17 if newer else 13, input_names=["input"], output_names=["logits"], **legacy)
        os.replace(path + ".tmp", path)
        print(f"exported {path}")


if __name__ == "__main__":
    main()
