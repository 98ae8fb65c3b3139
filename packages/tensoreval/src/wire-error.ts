import { bareMessage, InvalidInputError, TensorEvalError, type ErrorCode } from '@tensoreval/core';

/** An error as plain data, to cross a thread or a queue (structured clone drops class and code). */
export interface WireError {
  code?: ErrorCode;
  message: string;
  argument?: string;
  index?: number | string;
}

/**
 * Plain data of `error`; a TensorEvalError keeps its code, argument and record. The message is the
 * error's one line, never its stack: it ends up in a CLI's error line.
 */
export function errorToWire(error: unknown): WireError {
  if (error instanceof InvalidInputError) return { code: error.code, message: bareMessage(error), argument: error.argument, index: error.index };
  if (error instanceof TensorEvalError) return { code: error.code, message: bareMessage(error) };
  return { message: error instanceof Error ? error.message : String(error) };
}

/** The error again, its one line prefixed with where it happened (e.g. `shard 2 of 4`). */
export function errorFromWire(wire: WireError, where: string): Error {
  const message = `${where}: ${wire.message}`;
  if (wire.code === undefined) return new Error(message);
  if (wire.argument !== undefined) return new InvalidInputError(wire.code, message, { argument: wire.argument, index: wire.index });
  return new TensorEvalError(wire.code, message);
}
