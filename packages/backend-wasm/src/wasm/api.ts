/**
 * The part of the WebAssembly JS API this backend uses. The project compiles against the ES2022 lib
 * (no DOM), which does not declare `WebAssembly`, so it is typed here instead of globally.
 */
export interface WasmModule {
  readonly [Symbol.toStringTag]: string;
}
export interface WasmMemory {
  readonly buffer: ArrayBufferLike;
  grow(pages: number): number;
}
export interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: { new (bytes: Uint8Array): WasmModule; exports(module: WasmModule): Array<{ name: string; kind: string }> };
  Memory: new (descriptor: { initial: number; maximum: number; shared: boolean }) => WasmMemory;
}

/** The runtime's WebAssembly object; undefined where there is none. */
export const webAssembly: WasmApi | undefined = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
