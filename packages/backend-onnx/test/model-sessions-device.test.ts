import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceClass, WebGpuProbe } from '@tensoreval/core';
import type * as Ort from 'onnxruntime-node';
import { afterEach, describe, expect, it } from 'vitest';
import { configureOnnxBackend, onnxModelRuntime } from '../src/index';
import { cosineGemmModel } from '../src/graphs';
import { openOnDevice, type OnnxModelSession } from '../src/model-sessions';

const probeOf = (p: WebGpuProbe) => () => Promise.resolve(p);
const lavapipe = probeOf({ found: true, adapter: 'llvmpipe: Mesa 25.0.7', type: 'cpu', facts: {} });
const nvidia = probeOf({ found: true, adapter: 'NVIDIA H100', type: 'discrete', facts: {} });

/** What a fake onnxruntime does per provider: load, be missing, or need its CPU EP for part of the graph. */
type Behaviour = 'ok' | 'missing' | 'partial';

/** A stand-in for onnxruntime-node that records the providers it was asked for. */
function fakeOrt(behaviour: Partial<Record<string, Behaviour>>, fileOk = true) {
  const asked: string[] = [];
  const ort = {
    InferenceSession: {
      create: async (_bytes: Uint8Array, opts: { executionProviders: string[]; extra?: unknown }) => {
        const provider = opts.executionProviders[0] as string;
        asked.push(provider);
        if (!fileOk) throw new Error('Load model failed: protobuf parsing failed');
        const b = behaviour[provider] ?? 'missing';
        if (b === 'missing') throw new Error(`${provider} execution provider is not available`);
        if (b === 'partial' && opts.extra) throw new Error('This session contains graph nodes that are assigned to the default CPU EP, but fallback to CPU EP has been explicitly disabled by the user.');
        return { release: async () => {} };
      },
    },
  } as unknown as typeof Ort;
  return { ort, asked };
}

async function open(device: DeviceClass, probe: () => Promise<WebGpuProbe>, behaviour: Partial<Record<string, Behaviour>>, fileOk = true) {
  const { ort, asked } = fakeOrt(behaviour, fileOk);
  const run = openOnDevice(ort, new Uint8Array(1), { device, probe, threads: 1, path: 'm.onnx' });
  return { run: run.then((r) => r.provider), asked };
}

describe('model sessions follow the kernel device rules', () => {
  it('auto never takes a software adapter: CUDA, then the CPU EP', async () => {
    const { run, asked } = await open('auto', lavapipe, { cpu: 'ok', webgpu: 'ok' });
    expect(await run).toBe('cpu');
    expect(asked).toEqual(['cuda', 'cpu']);
  });
  it('auto takes a hardware WebGPU adapter, with a mixed session when part of the graph needs the CPU EP (as kernels)', async () => {
    expect(await (await open('auto', nvidia, { cpu: 'ok', webgpu: 'ok' })).run).toBe('webgpu');
    expect(await (await open('auto', nvidia, { cpu: 'ok', webgpu: 'partial' })).run).toBe('webgpu');
  });
  it('gpu never takes a software adapter and has no CPU fallback: TE-303 when the file loads on CPU', async () => {
    const { run, asked } = await open('gpu', lavapipe, { cpu: 'ok', webgpu: 'ok' });
    await expect(run).rejects.toThrow(/^Model file m\.onnx cannot run on TENSOREVAL_DEVICE=gpu: no usable execution provider .*software adapter 'llvmpipe.* See errors\/TE-303\.md$/);
    expect(asked).toEqual(['cuda', 'cpu']);
    expect(await (await open('gpu', nvidia, { webgpu: 'ok' })).run).toBe('webgpu');
  });
  it('webgpu and cuda: the software adapter is allowed, a CPU-placed node is TE-303, a missing provider is TE-303', async () => {
    expect(await (await open('webgpu', lavapipe, { webgpu: 'ok' })).run).toBe('webgpu');
    await expect((await open('webgpu', lavapipe, { cpu: 'ok', webgpu: 'partial' })).run)
      .rejects.toThrow(/^Backend 'onnx' cannot run model file m\.onnx on webgpu \(TENSOREVAL_DEVICE=webgpu\): onnxruntime places part of its graph on the CPU EP\. See errors\/TE-303\.md$/);
    await expect((await open('cuda', lavapipe, { cpu: 'ok' })).run).rejects.toThrow(/TENSOREVAL_DEVICE=cuda.*TE-303/);
  });
  it('a file that loads nowhere is TE-701, whatever the device', async () => {
    for (const device of ['auto', 'gpu', 'cuda', 'cpu'] as const) {
      await expect((await open(device, nvidia, { cpu: 'ok', cuda: 'ok', webgpu: 'ok' }, false)).run)
        .rejects.toThrow(/^Model file m\.onnx is not a model onnxruntime can load: Load model failed.* See errors\/TE-701\.md$/);
    }
  });
  it('cpu is the CPU EP only', async () => {
    const { run, asked } = await open('cpu', nvidia, { cpu: 'ok', webgpu: 'ok', cuda: 'ok' });
    expect(await run).toBe('cpu');
    expect(asked).toEqual(['cpu']);
  });
});

describe('model sessions on this machine\'s onnxruntime', () => {
  const dir = mkdtempSync(join(tmpdir(), 'te-model-device-'));
  const file = join(dir, 'cosine.onnx');
  writeFileSync(file, cosineGemmModel());
  afterEach(() => configureOnnxBackend({}));

  it('cpu and auto load on the CPU EP here (no CUDA; a software adapter is never taken)', async () => {
    for (const device of ['cpu', 'auto'] as const) {
      configureOnnxBackend({ device });
      const session = (await onnxModelRuntime.loadSession(file)) as OnnxModelSession;
      expect(session.executionProvider).toBe('cpu');
      await session.release();
    }
  });
  it('cuda is a CUDA session or TE-303 (none here: onnxruntime-node is installed without CUDA), never a CPU session', async () => {
    configureOnnxBackend({ device: 'cuda' });
    const got = await onnxModelRuntime.loadSession(file).then((s) => (s as OnnxModelSession).executionProvider, (e: Error) => e.message);
    expect(got).toMatch(/^cuda$|TENSOREVAL_DEVICE=cuda.*TE-303/);
  });
});
