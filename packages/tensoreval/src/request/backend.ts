import { resolveBackend, type KernelName } from '@tensoreval/core';
import { prepareBackend, type KernelBackend } from '../kernels-api/backend-loading';

/**
 * The backend a request's kernel runs on, by name, for the metrics layer (which never loads backend
 * packages itself). `cpu` stays cpu; an explicit accelerated backend is loaded and initialised through
 * the facade's lazy loader, or the call fails naming what is missing and how to install it; `auto`
 * follows the committed measured table (kernels-api/auto-priorities.ts) for the kernel at `size`.
 */
export async function requestKernelBackend(choice: string | undefined, kernel: KernelName, size: number): Promise<string> {
  const hint = (choice ?? 'auto') as KernelBackend;
  await prepareBackend(hint, kernel, 'evaluate');
  if (hint === 'cpu') return 'cpu';
  return (await resolveBackend(kernel, hint, size)).backend.name;
}
