// Implemented by the coco feature work; kept so the CLI builds in the meantime.
export async function cocoCommand(_argv: readonly string[]): Promise<number> {
  throw new Error('tensoreval coco is not available in this build');
}
