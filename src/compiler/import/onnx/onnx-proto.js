// GENERATED from onnx-schema.ts (ONNX's onnx.proto) by protobufjs-cli 1.x, decoders only — regenerate with
// scripts/generate-onnx-proto.sh. Static code: no eval or new Function, so imports run under a strict
// Content-Security-Policy (script-src 'self') in the page and its workers.
/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars*/
import $protobuf from "protobufjs/minimal.js";

const $Reader = $protobuf.Reader, $util = $protobuf.util;

const $root = $protobuf.roots["default"] || ($protobuf.roots["default"] = {});

export const onnx = $root.onnx = (() => {

    const onnx = {};

    onnx.Version = (function() {
        const valuesById = {}, values = Object.create(valuesById);
        values[valuesById[0] = "_START_VERSION"] = 0;
        values[valuesById[1] = "IR_VERSION_2017_10_10"] = 1;
        values[valuesById[2] = "IR_VERSION_2017_10_30"] = 2;
        values[valuesById[3] = "IR_VERSION_2017_11_3"] = 3;
        values[valuesById[4] = "IR_VERSION_2019_1_22"] = 4;
        values[valuesById[5] = "IR_VERSION_2019_3_18"] = 5;
        values[valuesById[6] = "IR_VERSION_2019_9_19"] = 6;
        values[valuesById[7] = "IR_VERSION_2020_5_8"] = 7;
        values[valuesById[8] = "IR_VERSION_2021_7_30"] = 8;
        values[valuesById[9] = "IR_VERSION_2023_5_5"] = 9;
        values[valuesById[10] = "IR_VERSION_2024_3_25"] = 10;
        values[valuesById[11] = "IR_VERSION_2025_05_12"] = 11;
        values[valuesById[12] = "IR_VERSION_2025_08_26"] = 12;
        values[valuesById[13] = "IR_VERSION_2025_11_06"] = 13;
        values[valuesById[14] = "IR_VERSION"] = 14;
        return values;
    })();

    onnx.AttributeProto = (function() {

        function AttributeProto(p) {
            this.floats = [];
            this.ints = [];
            this.strings = [];
            this.tensors = [];
            this.graphs = [];
            this.sparse_tensors = [];
            this.type_protos = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        AttributeProto.prototype.name = "";
        AttributeProto.prototype.ref_attr_name = "";
        AttributeProto.prototype.doc_string = "";
        AttributeProto.prototype.type = 0;
        AttributeProto.prototype.f = 0;
        AttributeProto.prototype.i = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
        AttributeProto.prototype.s = $util.newBuffer([]);
        AttributeProto.prototype.t = null;
        AttributeProto.prototype.g = null;
        AttributeProto.prototype.sparse_tensor = null;
        AttributeProto.prototype.tp = null;
        AttributeProto.prototype.floats = $util.emptyArray;
        AttributeProto.prototype.ints = $util.emptyArray;
        AttributeProto.prototype.strings = $util.emptyArray;
        AttributeProto.prototype.tensors = $util.emptyArray;
        AttributeProto.prototype.graphs = $util.emptyArray;
        AttributeProto.prototype.sparse_tensors = $util.emptyArray;
        AttributeProto.prototype.type_protos = $util.emptyArray;

        AttributeProto.create = function create(properties) {
            return new AttributeProto(properties);
        };

        AttributeProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.AttributeProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.name = r.string();
                        break;
                    }
                case 21: {
                        m.ref_attr_name = r.string();
                        break;
                    }
                case 13: {
                        m.doc_string = r.string();
                        break;
                    }
                case 20: {
                        m.type = r.int32();
                        break;
                    }
                case 2: {
                        m.f = r.float();
                        break;
                    }
                case 3: {
                        m.i = r.int64();
                        break;
                    }
                case 4: {
                        m.s = r.bytes();
                        break;
                    }
                case 5: {
                        m.t = $root.onnx.TensorProto.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 6: {
                        m.g = $root.onnx.GraphProto.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 22: {
                        m.sparse_tensor = $root.onnx.SparseTensorProto.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 14: {
                        m.tp = $root.onnx.TypeProto.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 7: {
                        if (!(m.floats && m.floats.length))
                            m.floats = [];
                        if ((t & 7) === 2) {
                            var c2 = r.uint32() + r.pos;
                            if (c2 > r.len)
                                throw RangeError("index out of range");
                            r.len = c2;
                            while (r.pos < c2)
                                m.floats.push(r.float());
                            if (r.pos !== c2)
                                throw RangeError("index out of range");
                            r.len = c;
                        } else
                            m.floats.push(r.float());
                        break;
                    }
                case 8: {
                        if (!(m.ints && m.ints.length))
                            m.ints = [];
                        if ((t & 7) === 2) {
                            var c2 = r.uint32() + r.pos;
                            if (c2 > r.len)
                                throw RangeError("index out of range");
                            r.len = c2;
                            while (r.pos < c2)
                                m.ints.push(r.int64());
                            if (r.pos !== c2)
                                throw RangeError("index out of range");
                            r.len = c;
                        } else
                            m.ints.push(r.int64());
                        break;
                    }
                case 9: {
                        if (!(m.strings && m.strings.length))
                            m.strings = [];
                        m.strings.push(r.bytes());
                        break;
                    }
                case 10: {
                        if (!(m.tensors && m.tensors.length))
                            m.tensors = [];
                        m.tensors.push($root.onnx.TensorProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 11: {
                        if (!(m.graphs && m.graphs.length))
                            m.graphs = [];
                        m.graphs.push($root.onnx.GraphProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 23: {
                        if (!(m.sparse_tensors && m.sparse_tensors.length))
                            m.sparse_tensors = [];
                        m.sparse_tensors.push($root.onnx.SparseTensorProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 15: {
                        if (!(m.type_protos && m.type_protos.length))
                            m.type_protos = [];
                        m.type_protos.push($root.onnx.TypeProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        AttributeProto.AttributeType = (function() {
            const valuesById = {}, values = Object.create(valuesById);
            values[valuesById[0] = "UNDEFINED"] = 0;
            values[valuesById[1] = "FLOAT"] = 1;
            values[valuesById[2] = "INT"] = 2;
            values[valuesById[3] = "STRING"] = 3;
            values[valuesById[4] = "TENSOR"] = 4;
            values[valuesById[5] = "GRAPH"] = 5;
            values[valuesById[11] = "SPARSE_TENSOR"] = 11;
            values[valuesById[13] = "TYPE_PROTO"] = 13;
            values[valuesById[6] = "FLOATS"] = 6;
            values[valuesById[7] = "INTS"] = 7;
            values[valuesById[8] = "STRINGS"] = 8;
            values[valuesById[9] = "TENSORS"] = 9;
            values[valuesById[10] = "GRAPHS"] = 10;
            values[valuesById[12] = "SPARSE_TENSORS"] = 12;
            values[valuesById[14] = "TYPE_PROTOS"] = 14;
            return values;
        })();

        return AttributeProto;
    })();

    onnx.ValueInfoProto = (function() {

        function ValueInfoProto(p) {
            this.metadata_props = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        ValueInfoProto.prototype.name = "";
        ValueInfoProto.prototype.type = null;
        ValueInfoProto.prototype.doc_string = "";
        ValueInfoProto.prototype.metadata_props = $util.emptyArray;

        ValueInfoProto.create = function create(properties) {
            return new ValueInfoProto(properties);
        };

        ValueInfoProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.ValueInfoProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.name = r.string();
                        break;
                    }
                case 2: {
                        m.type = $root.onnx.TypeProto.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 3: {
                        m.doc_string = r.string();
                        break;
                    }
                case 4: {
                        if (!(m.metadata_props && m.metadata_props.length))
                            m.metadata_props = [];
                        m.metadata_props.push($root.onnx.StringStringEntryProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return ValueInfoProto;
    })();

    onnx.NodeProto = (function() {

        function NodeProto(p) {
            this.input = [];
            this.output = [];
            this.attribute = [];
            this.metadata_props = [];
            this.device_configurations = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        NodeProto.prototype.input = $util.emptyArray;
        NodeProto.prototype.output = $util.emptyArray;
        NodeProto.prototype.name = "";
        NodeProto.prototype.op_type = "";
        NodeProto.prototype.domain = "";
        NodeProto.prototype.overload = "";
        NodeProto.prototype.attribute = $util.emptyArray;
        NodeProto.prototype.doc_string = "";
        NodeProto.prototype.metadata_props = $util.emptyArray;
        NodeProto.prototype.device_configurations = $util.emptyArray;

        NodeProto.create = function create(properties) {
            return new NodeProto(properties);
        };

        NodeProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.NodeProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        if (!(m.input && m.input.length))
                            m.input = [];
                        m.input.push(r.string());
                        break;
                    }
                case 2: {
                        if (!(m.output && m.output.length))
                            m.output = [];
                        m.output.push(r.string());
                        break;
                    }
                case 3: {
                        m.name = r.string();
                        break;
                    }
                case 4: {
                        m.op_type = r.string();
                        break;
                    }
                case 7: {
                        m.domain = r.string();
                        break;
                    }
                case 8: {
                        m.overload = r.string();
                        break;
                    }
                case 5: {
                        if (!(m.attribute && m.attribute.length))
                            m.attribute = [];
                        m.attribute.push($root.onnx.AttributeProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 6: {
                        m.doc_string = r.string();
                        break;
                    }
                case 9: {
                        if (!(m.metadata_props && m.metadata_props.length))
                            m.metadata_props = [];
                        m.metadata_props.push($root.onnx.StringStringEntryProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 10: {
                        if (!(m.device_configurations && m.device_configurations.length))
                            m.device_configurations = [];
                        m.device_configurations.push($root.onnx.NodeDeviceConfigurationProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return NodeProto;
    })();

    onnx.IntIntListEntryProto = (function() {

        function IntIntListEntryProto(p) {
            this.value = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        IntIntListEntryProto.prototype.key = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
        IntIntListEntryProto.prototype.value = $util.emptyArray;

        IntIntListEntryProto.create = function create(properties) {
            return new IntIntListEntryProto(properties);
        };

        IntIntListEntryProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.IntIntListEntryProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.key = r.int64();
                        break;
                    }
                case 2: {
                        if (!(m.value && m.value.length))
                            m.value = [];
                        if ((t & 7) === 2) {
                            var c2 = r.uint32() + r.pos;
                            if (c2 > r.len)
                                throw RangeError("index out of range");
                            r.len = c2;
                            while (r.pos < c2)
                                m.value.push(r.int64());
                            if (r.pos !== c2)
                                throw RangeError("index out of range");
                            r.len = c;
                        } else
                            m.value.push(r.int64());
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return IntIntListEntryProto;
    })();

    onnx.NodeDeviceConfigurationProto = (function() {

        function NodeDeviceConfigurationProto(p) {
            this.sharding_spec = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        NodeDeviceConfigurationProto.prototype.configuration_id = "";
        NodeDeviceConfigurationProto.prototype.sharding_spec = $util.emptyArray;
        NodeDeviceConfigurationProto.prototype.pipeline_stage = 0;

        NodeDeviceConfigurationProto.create = function create(properties) {
            return new NodeDeviceConfigurationProto(properties);
        };

        NodeDeviceConfigurationProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.NodeDeviceConfigurationProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.configuration_id = r.string();
                        break;
                    }
                case 2: {
                        if (!(m.sharding_spec && m.sharding_spec.length))
                            m.sharding_spec = [];
                        m.sharding_spec.push($root.onnx.ShardingSpecProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 3: {
                        m.pipeline_stage = r.int32();
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return NodeDeviceConfigurationProto;
    })();

    onnx.ShardingSpecProto = (function() {

        function ShardingSpecProto(p) {
            this.device = [];
            this.index_to_device_group_map = [];
            this.sharded_dim = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        ShardingSpecProto.prototype.tensor_name = "";
        ShardingSpecProto.prototype.device = $util.emptyArray;
        ShardingSpecProto.prototype.index_to_device_group_map = $util.emptyArray;
        ShardingSpecProto.prototype.sharded_dim = $util.emptyArray;

        ShardingSpecProto.create = function create(properties) {
            return new ShardingSpecProto(properties);
        };

        ShardingSpecProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.ShardingSpecProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.tensor_name = r.string();
                        break;
                    }
                case 2: {
                        if (!(m.device && m.device.length))
                            m.device = [];
                        if ((t & 7) === 2) {
                            var c2 = r.uint32() + r.pos;
                            if (c2 > r.len)
                                throw RangeError("index out of range");
                            r.len = c2;
                            while (r.pos < c2)
                                m.device.push(r.int64());
                            if (r.pos !== c2)
                                throw RangeError("index out of range");
                            r.len = c;
                        } else
                            m.device.push(r.int64());
                        break;
                    }
                case 3: {
                        if (!(m.index_to_device_group_map && m.index_to_device_group_map.length))
                            m.index_to_device_group_map = [];
                        m.index_to_device_group_map.push($root.onnx.IntIntListEntryProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 4: {
                        if (!(m.sharded_dim && m.sharded_dim.length))
                            m.sharded_dim = [];
                        m.sharded_dim.push($root.onnx.ShardedDimProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return ShardingSpecProto;
    })();

    onnx.ShardedDimProto = (function() {

        function ShardedDimProto(p) {
            this.simple_sharding = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        ShardedDimProto.prototype.axis = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
        ShardedDimProto.prototype.simple_sharding = $util.emptyArray;

        ShardedDimProto.create = function create(properties) {
            return new ShardedDimProto(properties);
        };

        ShardedDimProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.ShardedDimProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.axis = r.int64();
                        break;
                    }
                case 2: {
                        if (!(m.simple_sharding && m.simple_sharding.length))
                            m.simple_sharding = [];
                        m.simple_sharding.push($root.onnx.SimpleShardedDimProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return ShardedDimProto;
    })();

    onnx.SimpleShardedDimProto = (function() {

        function SimpleShardedDimProto(p) {
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        SimpleShardedDimProto.prototype.dim_value = null;
        SimpleShardedDimProto.prototype.dim_param = null;
        SimpleShardedDimProto.prototype.num_shards = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

        let $oneOfFields;

        Object.defineProperty(SimpleShardedDimProto.prototype, "dim", {
            get: $util.oneOfGetter($oneOfFields = ["dim_value", "dim_param"]),
            set: $util.oneOfSetter($oneOfFields)
        });

        SimpleShardedDimProto.create = function create(properties) {
            return new SimpleShardedDimProto(properties);
        };

        SimpleShardedDimProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.SimpleShardedDimProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.dim_value = r.int64();
                        break;
                    }
                case 2: {
                        m.dim_param = r.string();
                        break;
                    }
                case 3: {
                        m.num_shards = r.int64();
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return SimpleShardedDimProto;
    })();

    onnx.TrainingInfoProto = (function() {

        function TrainingInfoProto(p) {
            this.initialization_binding = [];
            this.update_binding = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        TrainingInfoProto.prototype.initialization = null;
        TrainingInfoProto.prototype.algorithm = null;
        TrainingInfoProto.prototype.initialization_binding = $util.emptyArray;
        TrainingInfoProto.prototype.update_binding = $util.emptyArray;

        TrainingInfoProto.create = function create(properties) {
            return new TrainingInfoProto(properties);
        };

        TrainingInfoProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.TrainingInfoProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.initialization = $root.onnx.GraphProto.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 2: {
                        m.algorithm = $root.onnx.GraphProto.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 3: {
                        if (!(m.initialization_binding && m.initialization_binding.length))
                            m.initialization_binding = [];
                        m.initialization_binding.push($root.onnx.StringStringEntryProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 4: {
                        if (!(m.update_binding && m.update_binding.length))
                            m.update_binding = [];
                        m.update_binding.push($root.onnx.StringStringEntryProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return TrainingInfoProto;
    })();

    onnx.ModelProto = (function() {

        function ModelProto(p) {
            this.opset_import = [];
            this.metadata_props = [];
            this.training_info = [];
            this.functions = [];
            this.configuration = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        ModelProto.prototype.ir_version = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
        ModelProto.prototype.opset_import = $util.emptyArray;
        ModelProto.prototype.producer_name = "";
        ModelProto.prototype.producer_version = "";
        ModelProto.prototype.domain = "";
        ModelProto.prototype.model_version = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
        ModelProto.prototype.doc_string = "";
        ModelProto.prototype.graph = null;
        ModelProto.prototype.metadata_props = $util.emptyArray;
        ModelProto.prototype.training_info = $util.emptyArray;
        ModelProto.prototype.functions = $util.emptyArray;
        ModelProto.prototype.configuration = $util.emptyArray;

        ModelProto.create = function create(properties) {
            return new ModelProto(properties);
        };

        ModelProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.ModelProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.ir_version = r.int64();
                        break;
                    }
                case 8: {
                        if (!(m.opset_import && m.opset_import.length))
                            m.opset_import = [];
                        m.opset_import.push($root.onnx.OperatorSetIdProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 2: {
                        m.producer_name = r.string();
                        break;
                    }
                case 3: {
                        m.producer_version = r.string();
                        break;
                    }
                case 4: {
                        m.domain = r.string();
                        break;
                    }
                case 5: {
                        m.model_version = r.int64();
                        break;
                    }
                case 6: {
                        m.doc_string = r.string();
                        break;
                    }
                case 7: {
                        m.graph = $root.onnx.GraphProto.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 14: {
                        if (!(m.metadata_props && m.metadata_props.length))
                            m.metadata_props = [];
                        m.metadata_props.push($root.onnx.StringStringEntryProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 20: {
                        if (!(m.training_info && m.training_info.length))
                            m.training_info = [];
                        m.training_info.push($root.onnx.TrainingInfoProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 25: {
                        if (!(m.functions && m.functions.length))
                            m.functions = [];
                        m.functions.push($root.onnx.FunctionProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 26: {
                        if (!(m.configuration && m.configuration.length))
                            m.configuration = [];
                        m.configuration.push($root.onnx.DeviceConfigurationProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return ModelProto;
    })();

    onnx.DeviceConfigurationProto = (function() {

        function DeviceConfigurationProto(p) {
            this.device = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        DeviceConfigurationProto.prototype.name = "";
        DeviceConfigurationProto.prototype.num_devices = 0;
        DeviceConfigurationProto.prototype.device = $util.emptyArray;

        DeviceConfigurationProto.create = function create(properties) {
            return new DeviceConfigurationProto(properties);
        };

        DeviceConfigurationProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.DeviceConfigurationProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.name = r.string();
                        break;
                    }
                case 2: {
                        m.num_devices = r.int32();
                        break;
                    }
                case 3: {
                        if (!(m.device && m.device.length))
                            m.device = [];
                        m.device.push(r.string());
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return DeviceConfigurationProto;
    })();

    onnx.StringStringEntryProto = (function() {

        function StringStringEntryProto(p) {
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        StringStringEntryProto.prototype.key = "";
        StringStringEntryProto.prototype.value = "";

        StringStringEntryProto.create = function create(properties) {
            return new StringStringEntryProto(properties);
        };

        StringStringEntryProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.StringStringEntryProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.key = r.string();
                        break;
                    }
                case 2: {
                        m.value = r.string();
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return StringStringEntryProto;
    })();

    onnx.TensorAnnotation = (function() {

        function TensorAnnotation(p) {
            this.quant_parameter_tensor_names = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        TensorAnnotation.prototype.tensor_name = "";
        TensorAnnotation.prototype.quant_parameter_tensor_names = $util.emptyArray;

        TensorAnnotation.create = function create(properties) {
            return new TensorAnnotation(properties);
        };

        TensorAnnotation.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.TensorAnnotation();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.tensor_name = r.string();
                        break;
                    }
                case 2: {
                        if (!(m.quant_parameter_tensor_names && m.quant_parameter_tensor_names.length))
                            m.quant_parameter_tensor_names = [];
                        m.quant_parameter_tensor_names.push($root.onnx.StringStringEntryProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return TensorAnnotation;
    })();

    onnx.GraphProto = (function() {

        function GraphProto(p) {
            this.node = [];
            this.initializer = [];
            this.sparse_initializer = [];
            this.input = [];
            this.output = [];
            this.value_info = [];
            this.quantization_annotation = [];
            this.metadata_props = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        GraphProto.prototype.node = $util.emptyArray;
        GraphProto.prototype.name = "";
        GraphProto.prototype.initializer = $util.emptyArray;
        GraphProto.prototype.sparse_initializer = $util.emptyArray;
        GraphProto.prototype.doc_string = "";
        GraphProto.prototype.input = $util.emptyArray;
        GraphProto.prototype.output = $util.emptyArray;
        GraphProto.prototype.value_info = $util.emptyArray;
        GraphProto.prototype.quantization_annotation = $util.emptyArray;
        GraphProto.prototype.metadata_props = $util.emptyArray;

        GraphProto.create = function create(properties) {
            return new GraphProto(properties);
        };

        GraphProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.GraphProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        if (!(m.node && m.node.length))
                            m.node = [];
                        m.node.push($root.onnx.NodeProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 2: {
                        m.name = r.string();
                        break;
                    }
                case 5: {
                        if (!(m.initializer && m.initializer.length))
                            m.initializer = [];
                        m.initializer.push($root.onnx.TensorProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 15: {
                        if (!(m.sparse_initializer && m.sparse_initializer.length))
                            m.sparse_initializer = [];
                        m.sparse_initializer.push($root.onnx.SparseTensorProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 10: {
                        m.doc_string = r.string();
                        break;
                    }
                case 11: {
                        if (!(m.input && m.input.length))
                            m.input = [];
                        m.input.push($root.onnx.ValueInfoProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 12: {
                        if (!(m.output && m.output.length))
                            m.output = [];
                        m.output.push($root.onnx.ValueInfoProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 13: {
                        if (!(m.value_info && m.value_info.length))
                            m.value_info = [];
                        m.value_info.push($root.onnx.ValueInfoProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 14: {
                        if (!(m.quantization_annotation && m.quantization_annotation.length))
                            m.quantization_annotation = [];
                        m.quantization_annotation.push($root.onnx.TensorAnnotation.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 16: {
                        if (!(m.metadata_props && m.metadata_props.length))
                            m.metadata_props = [];
                        m.metadata_props.push($root.onnx.StringStringEntryProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return GraphProto;
    })();

    onnx.TensorProto = (function() {

        function TensorProto(p) {
            this.dims = [];
            this.float_data = [];
            this.int32_data = [];
            this.string_data = [];
            this.int64_data = [];
            this.external_data = [];
            this.double_data = [];
            this.uint64_data = [];
            this.metadata_props = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        TensorProto.prototype.dims = $util.emptyArray;
        TensorProto.prototype.data_type = 0;
        TensorProto.prototype.segment = null;
        TensorProto.prototype.float_data = $util.emptyArray;
        TensorProto.prototype.int32_data = $util.emptyArray;
        TensorProto.prototype.string_data = $util.emptyArray;
        TensorProto.prototype.int64_data = $util.emptyArray;
        TensorProto.prototype.name = "";
        TensorProto.prototype.doc_string = "";
        TensorProto.prototype.raw_data = $util.newBuffer([]);
        TensorProto.prototype.external_data = $util.emptyArray;
        TensorProto.prototype.data_location = 0;
        TensorProto.prototype.double_data = $util.emptyArray;
        TensorProto.prototype.uint64_data = $util.emptyArray;
        TensorProto.prototype.metadata_props = $util.emptyArray;

        TensorProto.create = function create(properties) {
            return new TensorProto(properties);
        };

        TensorProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.TensorProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        if (!(m.dims && m.dims.length))
                            m.dims = [];
                        if ((t & 7) === 2) {
                            var c2 = r.uint32() + r.pos;
                            if (c2 > r.len)
                                throw RangeError("index out of range");
                            r.len = c2;
                            while (r.pos < c2)
                                m.dims.push(r.int64());
                            if (r.pos !== c2)
                                throw RangeError("index out of range");
                            r.len = c;
                        } else
                            m.dims.push(r.int64());
                        break;
                    }
                case 2: {
                        m.data_type = r.int32();
                        break;
                    }
                case 3: {
                        m.segment = $root.onnx.TensorProto.Segment.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 4: {
                        if (!(m.float_data && m.float_data.length))
                            m.float_data = [];
                        if ((t & 7) === 2) {
                            var c2 = r.uint32() + r.pos;
                            if (c2 > r.len)
                                throw RangeError("index out of range");
                            r.len = c2;
                            while (r.pos < c2)
                                m.float_data.push(r.float());
                            if (r.pos !== c2)
                                throw RangeError("index out of range");
                            r.len = c;
                        } else
                            m.float_data.push(r.float());
                        break;
                    }
                case 5: {
                        if (!(m.int32_data && m.int32_data.length))
                            m.int32_data = [];
                        if ((t & 7) === 2) {
                            var c2 = r.uint32() + r.pos;
                            if (c2 > r.len)
                                throw RangeError("index out of range");
                            r.len = c2;
                            while (r.pos < c2)
                                m.int32_data.push(r.int32());
                            if (r.pos !== c2)
                                throw RangeError("index out of range");
                            r.len = c;
                        } else
                            m.int32_data.push(r.int32());
                        break;
                    }
                case 6: {
                        if (!(m.string_data && m.string_data.length))
                            m.string_data = [];
                        m.string_data.push(r.bytes());
                        break;
                    }
                case 7: {
                        if (!(m.int64_data && m.int64_data.length))
                            m.int64_data = [];
                        if ((t & 7) === 2) {
                            var c2 = r.uint32() + r.pos;
                            if (c2 > r.len)
                                throw RangeError("index out of range");
                            r.len = c2;
                            while (r.pos < c2)
                                m.int64_data.push(r.int64());
                            if (r.pos !== c2)
                                throw RangeError("index out of range");
                            r.len = c;
                        } else
                            m.int64_data.push(r.int64());
                        break;
                    }
                case 8: {
                        m.name = r.string();
                        break;
                    }
                case 12: {
                        m.doc_string = r.string();
                        break;
                    }
                case 9: {
                        m.raw_data = r.bytes();
                        break;
                    }
                case 13: {
                        if (!(m.external_data && m.external_data.length))
                            m.external_data = [];
                        m.external_data.push($root.onnx.StringStringEntryProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 14: {
                        m.data_location = r.int32();
                        break;
                    }
                case 10: {
                        if (!(m.double_data && m.double_data.length))
                            m.double_data = [];
                        if ((t & 7) === 2) {
                            var c2 = r.uint32() + r.pos;
                            if (c2 > r.len)
                                throw RangeError("index out of range");
                            r.len = c2;
                            while (r.pos < c2)
                                m.double_data.push(r.double());
                            if (r.pos !== c2)
                                throw RangeError("index out of range");
                            r.len = c;
                        } else
                            m.double_data.push(r.double());
                        break;
                    }
                case 11: {
                        if (!(m.uint64_data && m.uint64_data.length))
                            m.uint64_data = [];
                        if ((t & 7) === 2) {
                            var c2 = r.uint32() + r.pos;
                            if (c2 > r.len)
                                throw RangeError("index out of range");
                            r.len = c2;
                            while (r.pos < c2)
                                m.uint64_data.push(r.uint64());
                            if (r.pos !== c2)
                                throw RangeError("index out of range");
                            r.len = c;
                        } else
                            m.uint64_data.push(r.uint64());
                        break;
                    }
                case 16: {
                        if (!(m.metadata_props && m.metadata_props.length))
                            m.metadata_props = [];
                        m.metadata_props.push($root.onnx.StringStringEntryProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        TensorProto.DataType = (function() {
            const valuesById = {}, values = Object.create(valuesById);
            values[valuesById[0] = "UNDEFINED"] = 0;
            values[valuesById[1] = "FLOAT"] = 1;
            values[valuesById[2] = "UINT8"] = 2;
            values[valuesById[3] = "INT8"] = 3;
            values[valuesById[4] = "UINT16"] = 4;
            values[valuesById[5] = "INT16"] = 5;
            values[valuesById[6] = "INT32"] = 6;
            values[valuesById[7] = "INT64"] = 7;
            values[valuesById[8] = "STRING"] = 8;
            values[valuesById[9] = "BOOL"] = 9;
            values[valuesById[10] = "FLOAT16"] = 10;
            values[valuesById[11] = "DOUBLE"] = 11;
            values[valuesById[12] = "UINT32"] = 12;
            values[valuesById[13] = "UINT64"] = 13;
            values[valuesById[14] = "COMPLEX64"] = 14;
            values[valuesById[15] = "COMPLEX128"] = 15;
            values[valuesById[16] = "BFLOAT16"] = 16;
            values[valuesById[17] = "FLOAT8E4M3FN"] = 17;
            values[valuesById[18] = "FLOAT8E4M3FNUZ"] = 18;
            values[valuesById[19] = "FLOAT8E5M2"] = 19;
            values[valuesById[20] = "FLOAT8E5M2FNUZ"] = 20;
            values[valuesById[21] = "UINT4"] = 21;
            values[valuesById[22] = "INT4"] = 22;
            values[valuesById[23] = "FLOAT4E2M1"] = 23;
            values[valuesById[24] = "FLOAT8E8M0"] = 24;
            values[valuesById[25] = "UINT2"] = 25;
            values[valuesById[26] = "INT2"] = 26;
            return values;
        })();

        TensorProto.Segment = (function() {

            function Segment(p) {
                if (p)
                    for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            }

            Segment.prototype.begin = $util.Long ? $util.Long.fromBits(0,0,false) : 0;
            Segment.prototype.end = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

            Segment.create = function create(properties) {
                return new Segment(properties);
            };

            Segment.decode = function decode(r, l, e, n) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (n === undefined)
                    n = 0;
                if (n > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                var c, m;
                if (l === undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = new $root.onnx.TensorProto.Segment();
                while (r.pos < c) {
                    var t = r.uint32();
                    if (t === e)
                        break;
                    switch (t >>> 3) {
                    case 1: {
                            m.begin = r.int64();
                            break;
                        }
                    case 2: {
                            m.end = r.int64();
                            break;
                        }
                    default:
                        r.skipType(t & 7, n);
                        break;
                    }
                }
                if (l !== undefined) {
                    if (r.pos !== c)
                        throw RangeError("index out of range");
                    r.len = l;
                }
                return m;
            };

            return Segment;
        })();

        TensorProto.DataLocation = (function() {
            const valuesById = {}, values = Object.create(valuesById);
            values[valuesById[0] = "DEFAULT"] = 0;
            values[valuesById[1] = "EXTERNAL"] = 1;
            return values;
        })();

        return TensorProto;
    })();

    onnx.SparseTensorProto = (function() {

        function SparseTensorProto(p) {
            this.dims = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        SparseTensorProto.prototype.values = null;
        SparseTensorProto.prototype.indices = null;
        SparseTensorProto.prototype.dims = $util.emptyArray;

        SparseTensorProto.create = function create(properties) {
            return new SparseTensorProto(properties);
        };

        SparseTensorProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.SparseTensorProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.values = $root.onnx.TensorProto.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 2: {
                        m.indices = $root.onnx.TensorProto.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 3: {
                        if (!(m.dims && m.dims.length))
                            m.dims = [];
                        if ((t & 7) === 2) {
                            var c2 = r.uint32() + r.pos;
                            if (c2 > r.len)
                                throw RangeError("index out of range");
                            r.len = c2;
                            while (r.pos < c2)
                                m.dims.push(r.int64());
                            if (r.pos !== c2)
                                throw RangeError("index out of range");
                            r.len = c;
                        } else
                            m.dims.push(r.int64());
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return SparseTensorProto;
    })();

    onnx.TensorShapeProto = (function() {

        function TensorShapeProto(p) {
            this.dim = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        TensorShapeProto.prototype.dim = $util.emptyArray;

        TensorShapeProto.create = function create(properties) {
            return new TensorShapeProto(properties);
        };

        TensorShapeProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.TensorShapeProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        if (!(m.dim && m.dim.length))
                            m.dim = [];
                        m.dim.push($root.onnx.TensorShapeProto.Dimension.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        TensorShapeProto.Dimension = (function() {

            function Dimension(p) {
                if (p)
                    for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            }

            Dimension.prototype.dim_value = null;
            Dimension.prototype.dim_param = null;
            Dimension.prototype.denotation = "";

            let $oneOfFields;

            Object.defineProperty(Dimension.prototype, "value", {
                get: $util.oneOfGetter($oneOfFields = ["dim_value", "dim_param"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            Dimension.create = function create(properties) {
                return new Dimension(properties);
            };

            Dimension.decode = function decode(r, l, e, n) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (n === undefined)
                    n = 0;
                if (n > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                var c, m;
                if (l === undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = new $root.onnx.TensorShapeProto.Dimension();
                while (r.pos < c) {
                    var t = r.uint32();
                    if (t === e)
                        break;
                    switch (t >>> 3) {
                    case 1: {
                            m.dim_value = r.int64();
                            break;
                        }
                    case 2: {
                            m.dim_param = r.string();
                            break;
                        }
                    case 3: {
                            m.denotation = r.string();
                            break;
                        }
                    default:
                        r.skipType(t & 7, n);
                        break;
                    }
                }
                if (l !== undefined) {
                    if (r.pos !== c)
                        throw RangeError("index out of range");
                    r.len = l;
                }
                return m;
            };

            return Dimension;
        })();

        return TensorShapeProto;
    })();

    onnx.TypeProto = (function() {

        function TypeProto(p) {
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        TypeProto.prototype.tensor_type = null;
        TypeProto.prototype.sequence_type = null;
        TypeProto.prototype.map_type = null;
        TypeProto.prototype.optional_type = null;
        TypeProto.prototype.sparse_tensor_type = null;
        TypeProto.prototype.opaque_type = null;
        TypeProto.prototype.denotation = "";

        let $oneOfFields;

        Object.defineProperty(TypeProto.prototype, "value", {
            get: $util.oneOfGetter($oneOfFields = ["tensor_type", "sequence_type", "map_type", "optional_type", "sparse_tensor_type", "opaque_type"]),
            set: $util.oneOfSetter($oneOfFields)
        });

        TypeProto.create = function create(properties) {
            return new TypeProto(properties);
        };

        TypeProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.TypeProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.tensor_type = $root.onnx.TypeProto.Tensor.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 4: {
                        m.sequence_type = $root.onnx.TypeProto.Sequence.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 5: {
                        m.map_type = $root.onnx.TypeProto.Map.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 9: {
                        m.optional_type = $root.onnx.TypeProto.Optional.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 8: {
                        m.sparse_tensor_type = $root.onnx.TypeProto.SparseTensor.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 7: {
                        m.opaque_type = $root.onnx.TypeProto.Opaque.decode(r, r.uint32(), undefined, n + 1);
                        break;
                    }
                case 6: {
                        m.denotation = r.string();
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        TypeProto.Tensor = (function() {

            function Tensor(p) {
                if (p)
                    for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            }

            Tensor.prototype.elem_type = 0;
            Tensor.prototype.shape = null;

            Tensor.create = function create(properties) {
                return new Tensor(properties);
            };

            Tensor.decode = function decode(r, l, e, n) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (n === undefined)
                    n = 0;
                if (n > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                var c, m;
                if (l === undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = new $root.onnx.TypeProto.Tensor();
                while (r.pos < c) {
                    var t = r.uint32();
                    if (t === e)
                        break;
                    switch (t >>> 3) {
                    case 1: {
                            m.elem_type = r.int32();
                            break;
                        }
                    case 2: {
                            m.shape = $root.onnx.TensorShapeProto.decode(r, r.uint32(), undefined, n + 1);
                            break;
                        }
                    default:
                        r.skipType(t & 7, n);
                        break;
                    }
                }
                if (l !== undefined) {
                    if (r.pos !== c)
                        throw RangeError("index out of range");
                    r.len = l;
                }
                return m;
            };

            return Tensor;
        })();

        TypeProto.Sequence = (function() {

            function Sequence(p) {
                if (p)
                    for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            }

            Sequence.prototype.elem_type = null;

            Sequence.create = function create(properties) {
                return new Sequence(properties);
            };

            Sequence.decode = function decode(r, l, e, n) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (n === undefined)
                    n = 0;
                if (n > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                var c, m;
                if (l === undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = new $root.onnx.TypeProto.Sequence();
                while (r.pos < c) {
                    var t = r.uint32();
                    if (t === e)
                        break;
                    switch (t >>> 3) {
                    case 1: {
                            m.elem_type = $root.onnx.TypeProto.decode(r, r.uint32(), undefined, n + 1);
                            break;
                        }
                    default:
                        r.skipType(t & 7, n);
                        break;
                    }
                }
                if (l !== undefined) {
                    if (r.pos !== c)
                        throw RangeError("index out of range");
                    r.len = l;
                }
                return m;
            };

            return Sequence;
        })();

        TypeProto.Map = (function() {

            function Map(p) {
                if (p)
                    for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            }

            Map.prototype.key_type = 0;
            Map.prototype.value_type = null;

            Map.create = function create(properties) {
                return new Map(properties);
            };

            Map.decode = function decode(r, l, e, n) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (n === undefined)
                    n = 0;
                if (n > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                var c, m;
                if (l === undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = new $root.onnx.TypeProto.Map();
                while (r.pos < c) {
                    var t = r.uint32();
                    if (t === e)
                        break;
                    switch (t >>> 3) {
                    case 1: {
                            m.key_type = r.int32();
                            break;
                        }
                    case 2: {
                            m.value_type = $root.onnx.TypeProto.decode(r, r.uint32(), undefined, n + 1);
                            break;
                        }
                    default:
                        r.skipType(t & 7, n);
                        break;
                    }
                }
                if (l !== undefined) {
                    if (r.pos !== c)
                        throw RangeError("index out of range");
                    r.len = l;
                }
                return m;
            };

            return Map;
        })();

        TypeProto.Optional = (function() {

            function Optional(p) {
                if (p)
                    for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            }

            Optional.prototype.elem_type = null;

            Optional.create = function create(properties) {
                return new Optional(properties);
            };

            Optional.decode = function decode(r, l, e, n) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (n === undefined)
                    n = 0;
                if (n > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                var c, m;
                if (l === undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = new $root.onnx.TypeProto.Optional();
                while (r.pos < c) {
                    var t = r.uint32();
                    if (t === e)
                        break;
                    switch (t >>> 3) {
                    case 1: {
                            m.elem_type = $root.onnx.TypeProto.decode(r, r.uint32(), undefined, n + 1);
                            break;
                        }
                    default:
                        r.skipType(t & 7, n);
                        break;
                    }
                }
                if (l !== undefined) {
                    if (r.pos !== c)
                        throw RangeError("index out of range");
                    r.len = l;
                }
                return m;
            };

            return Optional;
        })();

        TypeProto.SparseTensor = (function() {

            function SparseTensor(p) {
                if (p)
                    for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            }

            SparseTensor.prototype.elem_type = 0;
            SparseTensor.prototype.shape = null;

            SparseTensor.create = function create(properties) {
                return new SparseTensor(properties);
            };

            SparseTensor.decode = function decode(r, l, e, n) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (n === undefined)
                    n = 0;
                if (n > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                var c, m;
                if (l === undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = new $root.onnx.TypeProto.SparseTensor();
                while (r.pos < c) {
                    var t = r.uint32();
                    if (t === e)
                        break;
                    switch (t >>> 3) {
                    case 1: {
                            m.elem_type = r.int32();
                            break;
                        }
                    case 2: {
                            m.shape = $root.onnx.TensorShapeProto.decode(r, r.uint32(), undefined, n + 1);
                            break;
                        }
                    default:
                        r.skipType(t & 7, n);
                        break;
                    }
                }
                if (l !== undefined) {
                    if (r.pos !== c)
                        throw RangeError("index out of range");
                    r.len = l;
                }
                return m;
            };

            return SparseTensor;
        })();

        TypeProto.Opaque = (function() {

            function Opaque(p) {
                if (p)
                    for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            }

            Opaque.prototype.domain = "";
            Opaque.prototype.name = "";

            Opaque.create = function create(properties) {
                return new Opaque(properties);
            };

            Opaque.decode = function decode(r, l, e, n) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (n === undefined)
                    n = 0;
                if (n > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                var c, m;
                if (l === undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = new $root.onnx.TypeProto.Opaque();
                while (r.pos < c) {
                    var t = r.uint32();
                    if (t === e)
                        break;
                    switch (t >>> 3) {
                    case 1: {
                            m.domain = r.string();
                            break;
                        }
                    case 2: {
                            m.name = r.string();
                            break;
                        }
                    default:
                        r.skipType(t & 7, n);
                        break;
                    }
                }
                if (l !== undefined) {
                    if (r.pos !== c)
                        throw RangeError("index out of range");
                    r.len = l;
                }
                return m;
            };

            return Opaque;
        })();

        return TypeProto;
    })();

    onnx.OperatorSetIdProto = (function() {

        function OperatorSetIdProto(p) {
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        OperatorSetIdProto.prototype.domain = "";
        OperatorSetIdProto.prototype.version = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

        OperatorSetIdProto.create = function create(properties) {
            return new OperatorSetIdProto(properties);
        };

        OperatorSetIdProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.OperatorSetIdProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.domain = r.string();
                        break;
                    }
                case 2: {
                        m.version = r.int64();
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return OperatorSetIdProto;
    })();

    onnx.OperatorStatus = (function() {
        const valuesById = {}, values = Object.create(valuesById);
        values[valuesById[0] = "EXPERIMENTAL"] = 0;
        values[valuesById[1] = "STABLE"] = 1;
        return values;
    })();

    onnx.FunctionProto = (function() {

        function FunctionProto(p) {
            this.input = [];
            this.output = [];
            this.attribute = [];
            this.attribute_proto = [];
            this.node = [];
            this.opset_import = [];
            this.value_info = [];
            this.metadata_props = [];
            if (p)
                for (var ks = Object.keys(p), i = 0; i < ks.length; ++i)
                    if (p[ks[i]] != null && ks[i] !== "__proto__")
                        this[ks[i]] = p[ks[i]];
        }

        FunctionProto.prototype.name = "";
        FunctionProto.prototype.input = $util.emptyArray;
        FunctionProto.prototype.output = $util.emptyArray;
        FunctionProto.prototype.attribute = $util.emptyArray;
        FunctionProto.prototype.attribute_proto = $util.emptyArray;
        FunctionProto.prototype.node = $util.emptyArray;
        FunctionProto.prototype.doc_string = "";
        FunctionProto.prototype.opset_import = $util.emptyArray;
        FunctionProto.prototype.domain = "";
        FunctionProto.prototype.overload = "";
        FunctionProto.prototype.value_info = $util.emptyArray;
        FunctionProto.prototype.metadata_props = $util.emptyArray;

        FunctionProto.create = function create(properties) {
            return new FunctionProto(properties);
        };

        FunctionProto.decode = function decode(r, l, e, n) {
            if (!(r instanceof $Reader))
                r = $Reader.create(r);
            if (n === undefined)
                n = 0;
            if (n > $Reader.recursionLimit)
                throw Error("maximum nesting depth exceeded");
            var c, m;
            if (l === undefined)
                c = r.len;
            else {
                c = r.pos + l;
                if (c > r.len)
                    throw RangeError("index out of range");
                l = r.len;
                r.len = c;
            }
            m = new $root.onnx.FunctionProto();
            while (r.pos < c) {
                var t = r.uint32();
                if (t === e)
                    break;
                switch (t >>> 3) {
                case 1: {
                        m.name = r.string();
                        break;
                    }
                case 4: {
                        if (!(m.input && m.input.length))
                            m.input = [];
                        m.input.push(r.string());
                        break;
                    }
                case 5: {
                        if (!(m.output && m.output.length))
                            m.output = [];
                        m.output.push(r.string());
                        break;
                    }
                case 6: {
                        if (!(m.attribute && m.attribute.length))
                            m.attribute = [];
                        m.attribute.push(r.string());
                        break;
                    }
                case 11: {
                        if (!(m.attribute_proto && m.attribute_proto.length))
                            m.attribute_proto = [];
                        m.attribute_proto.push($root.onnx.AttributeProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 7: {
                        if (!(m.node && m.node.length))
                            m.node = [];
                        m.node.push($root.onnx.NodeProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 8: {
                        m.doc_string = r.string();
                        break;
                    }
                case 9: {
                        if (!(m.opset_import && m.opset_import.length))
                            m.opset_import = [];
                        m.opset_import.push($root.onnx.OperatorSetIdProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 10: {
                        m.domain = r.string();
                        break;
                    }
                case 13: {
                        m.overload = r.string();
                        break;
                    }
                case 12: {
                        if (!(m.value_info && m.value_info.length))
                            m.value_info = [];
                        m.value_info.push($root.onnx.ValueInfoProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                case 14: {
                        if (!(m.metadata_props && m.metadata_props.length))
                            m.metadata_props = [];
                        m.metadata_props.push($root.onnx.StringStringEntryProto.decode(r, r.uint32(), undefined, n + 1));
                        break;
                    }
                default:
                    r.skipType(t & 7, n);
                    break;
                }
            }
            if (l !== undefined) {
                if (r.pos !== c)
                    throw RangeError("index out of range");
                r.len = l;
            }
            return m;
        };

        return FunctionProto;
    })();

    return onnx;
})();

export { $root as default };
