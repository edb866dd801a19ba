import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ProtoWriter } from "../../protobuf/proto-writer.ts";
import { packedVarints, protoFields, protoText } from "./proto-reader.ts";

describe("ORC reader's protobuf decoding", () => {
  it("reads back what the shared writer writes: varints to 2^53, strings, nested and packed fields", () => {
    const bytes = new ProtoWriter()
      .uint(1, 0)
      .uint(2, 2 ** 53 - 1)
      .double(3, 1.5)
      .string(8000, "ORC")
      .message(4, (m) => m.packedUints(2, [0, 127, 128, 2 ** 40]).uint(1, 7))
      .bytes(5, new Uint8Array(0))
      .finish();
    const fields = [...protoFields(bytes)];
    assert.deepEqual(
      fields.map((f) => f.field),
      [1, 2, 8000, 4, 5],
    );
    assert.equal(fields[0]!.varint, 0);
    assert.equal(fields[1]!.varint, 2 ** 53 - 1);
    assert.equal(protoText(fields[2]!), "ORC");
    const inner = [...protoFields(fields[3]!.bytes!)];
    assert.deepEqual(packedVarints(inner[0]!), [0, 127, 128, 2 ** 40]);
    assert.deepEqual(packedVarints(inner[1]!), [7]);
    assert.deepEqual(fields[4]!.bytes, new Uint8Array(0));
  });

  it("refuses a message cut inside a varint or a length-delimited field, and a packed list cut short", () => {
    const bytes = new ProtoWriter().uint(1, 300).string(2, "abc").finish();
    assert.throws(() => [...protoFields(bytes.subarray(0, 2))], {
      code: "RF_FILE_READ",
      message: /inside a varint/,
    });
    assert.throws(() => [...protoFields(bytes.subarray(0, bytes.length - 1))], {
      code: "RF_FILE_READ",
      message: /runs past its message/,
    });
    assert.throws(() => [...protoFields(Uint8Array.of(0x0b))], { message: /wire type 3/ });
    const packed = [...protoFields(new ProtoWriter().packedUints(1, [300]).finish())][0]!;
    assert.throws(() => packedVarints({ ...packed, bytes: packed.bytes!.subarray(0, 1) }), {
      code: "RF_FILE_READ",
    });
  });
});
