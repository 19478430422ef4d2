/**
 * LZF decompression (the format PCL's binary_compressed PCD data uses). A control byte below 32
 * starts a run of ctrl+1 literal bytes; otherwise its top three bits (plus an extra byte when all
 * set) give a length and the rest an offset back into the output to copy from. Throws on input
 * that runs out or points outside the output: a truncated or damaged file.
 */
export function lzfDecompress(input: Uint8Array, outLength: number): Uint8Array {
  const out = new Uint8Array(outLength);
  const end = input.length;
  let ip = 0;
  let op = 0;
  const next = () => {
    const byte = input[ip++];
    if (byte === undefined) throw new Error('compressed data ends inside a back reference');
    return byte;
  };
  while (ip < end) {
    const ctrl = next();
    if (ctrl < 32) {
      const run = ctrl + 1;
      if (ip + run > end) throw new Error('compressed data ends inside a literal run');
      if (op + run > outLength) throw new Error('compressed data is longer than the header says');
      out.set(input.subarray(ip, ip + run), op);
      ip += run;
      op += run;
      continue;
    }
    let len = ctrl >> 5;
    if (len === 7) len += next();
    let ref = op - ((ctrl & 0x1f) << 8) - next() - 1;
    len += 2;
    if (ref < 0) throw new Error('compressed data refers before its start');
    if (op + len > outLength) throw new Error('compressed data is longer than the header says');
    // Byte by byte: the source may overlap what is being written (a repeated pattern). In range:
    // 0 <= ref < op, and op + len fits, both checked above.
    for (let k = 0; k < len; k++) out[op++] = out[ref++]!;
  }
  if (op !== outLength) throw new Error(`compressed data gives ${op} of ${outLength} bytes`);
  return out;
}
