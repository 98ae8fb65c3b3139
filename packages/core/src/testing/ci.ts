/**
 * Whether this test run is in CI, the one rule every lane uses (WebGPU adapter, redis-server,
 * chromium): in CI a missing lane dependency fails its tests, elsewhere they skip. `CI` counts when
 * set to anything but '', '0' or 'false' (any case): runners set `CI=true` (GitHub, GitLab, .ci/run)
 * or `CI=1`, and `CI=false` is how a person turns it off.
 */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}
