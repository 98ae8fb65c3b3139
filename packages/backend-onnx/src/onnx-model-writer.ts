/**
 * A minimal ONNX ModelProto encoder: just the protobuf fields our small runtime-built graphs use
 * (field numbers from onnx/onnx.proto). Writing the wire format directly keeps the backend free
 * of a protobuf dependency; every model here is well under 1 KB.
 */

/** ONNX TensorProto.DataType values used by our graphs. */
export const OnnxType = { float: 1, uint8: 2, int32: 6, int64: 7, bool: 9 } as const;
export type OnnxElemType = (typeof OnnxType)[keyof typeof OnnxType];

export type AttributeValue = number | number[] | { float: number };

export interface OnnxNode {
  op: string;
  inputs: string[];
  outputs: string[];
  attrs?: Record<string, AttributeValue>;
}

export interface OnnxValueInfo {
  name: string;
  type: OnnxElemType;
  /** a number for a fixed dimension, a string for a symbolic one */
  shape: Array<number | string>;
}

export interface OnnxGraph {
  name: string;
  nodes: OnnxNode[];
  inputs: OnnxValueInfo[];
  outputs: OnnxValueInfo[];
  opset: number;
}

const enc = new TextEncoder();

/** Growable byte buffer with protobuf primitives. */
class ProtoWriter {
  private bytes: number[] = [];

  varint(value: number): this {
    // int64 on the wire is two's complement, so negative attributes (axis = -1) take ten bytes
    let v = BigInt.asUintN(64, BigInt(value));
    while (v >= 0x80n) {
      this.bytes.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.bytes.push(Number(v));
    return this;
  }

  tag(field: number, wireType: 0 | 2 | 5): this {
    return this.varint((field << 3) | wireType);
  }

  int(field: number, value: number): this {
    return this.tag(field, 0).varint(value);
  }

  float(field: number, value: number): this {
    this.tag(field, 5);
    const b = new Uint8Array(new Float32Array([value]).buffer);
    this.bytes.push(b[0], b[1], b[2], b[3]);
    return this;
  }

  raw(field: number, data: Uint8Array): this {
    this.tag(field, 2).varint(data.length);
    for (let i = 0; i < data.length; i++) this.bytes.push(data[i]);
    return this;
  }

  string(field: number, value: string): this {
    return this.raw(field, enc.encode(value));
  }

  message(field: number, build: (w: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    build(inner);
    return this.raw(field, inner.finish());
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

// AttributeProto.AttributeType
const ATTR_FLOAT = 1;
const ATTR_INT = 2;
const ATTR_INTS = 7;

function writeAttribute(w: ProtoWriter, name: string, value: AttributeValue): void {
  w.string(1, name);
  if (typeof value === 'number') {
    w.int(3, value).int(20, ATTR_INT);
  } else if (Array.isArray(value)) {
    for (const v of value) w.int(8, v);
    w.int(20, ATTR_INTS);
  } else {
    w.float(2, value.float).int(20, ATTR_FLOAT);
  }
}

function writeValueInfo(w: ProtoWriter, info: OnnxValueInfo): void {
  w.string(1, info.name);
  w.message(2, (type) =>
    type.message(1, (tensor) => {
      tensor.int(1, info.type);
      tensor.message(2, (shape) => {
        for (const d of info.shape) shape.message(1, (dim) => (typeof d === 'number' ? dim.int(1, d) : dim.string(2, d)));
      });
    }),
  );
}

/** Encodes a single-graph model (IR version 7, default domain) into ModelProto bytes. */
export function encodeModel(graph: OnnxGraph): Uint8Array {
  const w = new ProtoWriter();
  w.int(1, 7); // ir_version
  w.string(2, 'tensoreval');
  w.message(7, (g) => {
    graph.nodes.forEach((node, i) => {
      g.message(1, (n) => {
        for (const input of node.inputs) n.string(1, input);
        for (const output of node.outputs) n.string(2, output);
        n.string(3, `${node.op}_${i}`);
        n.string(4, node.op);
        for (const [name, value] of Object.entries(node.attrs ?? {})) n.message(5, (a) => writeAttribute(a, name, value));
      });
    });
    g.string(2, graph.name);
    for (const input of graph.inputs) g.message(11, (v) => writeValueInfo(v, input));
    for (const output of graph.outputs) g.message(12, (v) => writeValueInfo(v, output));
  });
  w.message(8, (o) => o.string(1, '').int(2, graph.opset));
  return w.finish();
}
