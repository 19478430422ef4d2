/** Any typed array three keeps in attributes, textures and tracks. */
export type TypedArray =
  Float32Array | Float64Array | Int8Array | Int16Array | Int32Array | Uint8Array | Uint8ClampedArray | Uint16Array | Uint32Array;

/**
 * The transfer list of one packed model. Buffers are moved, not copied, to the render worker.
 * An array that is only a window on a bigger buffer (glTF's accessors are views on the whole
 * .bin, which also holds already-decoded images) is copied into a buffer of its own first: moving
 * the whole buffer would carry the rest along, and a buffer may appear in a transfer list once.
 */
export class Transfers {
  readonly list: Transferable[] = [];
  private readonly seen = new Set<unknown>();
  private readonly copies = new Map<TypedArray, TypedArray>();

  /** The array to send: itself when it owns its whole buffer, else an owning copy (made once). */
  own<T extends TypedArray>(array: T): T {
    // Boolean and string tracks keep plain arrays: those are cloned.
    if (!ArrayBuffer.isView(array)) return array;
    const buffer = array.buffer;
    const whole = buffer instanceof ArrayBuffer && array.byteOffset === 0 && array.byteLength === buffer.byteLength;
    if (whole) {
      this.add(buffer);
      return array;
    }
    let copy = this.copies.get(array) as T | undefined;
    if (!copy) {
      copy = array.slice() as T;
      this.copies.set(array, copy);
      this.add(copy.buffer as ArrayBuffer);
    }
    return copy;
  }

  /** Moves an ImageBitmap or a whole buffer. */
  add(item: Transferable): void {
    if (this.seen.has(item)) return;
    this.seen.add(item);
    this.list.push(item);
  }

  /** Packs a value that may be a typed array, an ImageBitmap or a plain object with `data`. */
  value<T>(v: T): T {
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return this.own(v as unknown as TypedArray) as unknown as T;
    if (typeof ImageBitmap !== 'undefined' && v instanceof ImageBitmap) {
      this.add(v);
      return v;
    }
    return v;
  }
}
