/**
 * Host↔device traffic of one backend, counted where its kernels move data (not timed): `uploads`
 * are device tensors created from host arrays, `dispatches` are kernel or graph runs, `downloads`
 * are device results read back to host arrays. Tests assert on these counts to show that data
 * stays on the device (e.g. a corpus uploaded once for all query tiles); `Backend.traffic()` reports them.
 */
export interface DeviceTraffic {
  uploads: number;
  dispatches: number;
  downloads: number;
}

/** A zeroed counter, owned and advanced by one backend. */
export function newDeviceTraffic(): DeviceTraffic {
  return { uploads: 0, dispatches: 0, downloads: 0 };
}
