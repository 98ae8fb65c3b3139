import type { KernelAttrs, KernelInputs, KernelName, KernelOutputs } from '../kernel-names';

type DeepPartial<T> = { [P in keyof T]?: T[P] };

/**
 * One conformance case. Inputs are built fresh per run (a backend must not see another's mutations);
 * `expected` comes from a deliberately simple reference written in the case file, or literal values.
 */
export interface KernelCase<K extends KernelName> {
  name: string;
  inputs: () => KernelInputs<K>;
  attrs: KernelAttrs<K>;
  expected: (inputs: KernelInputs<K>) => DeepPartial<KernelOutputs<K>>;
  /** integer-valued outputs: compared exactly on every backend, whatever its float precision */
  exact?: boolean;
  /** custom check on top of (or instead of) `expected` */
  check?: (outputs: KernelOutputs<K>, inputs: KernelInputs<K>) => void;
}

export type KernelCases<K extends KernelName> = ReadonlyArray<KernelCase<K>>;
