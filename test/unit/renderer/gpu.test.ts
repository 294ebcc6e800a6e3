// The pane's choice of xterm renderer: WebGL only on a real GPU; a software rasteriser (what headless Chromium,
// VMs and remote desktops offer) gets the DOM renderer. Renderer names as Chromium reports them.
import { describe, expect, it } from 'vitest';
import { classifyGl, isSoftwareGl } from '../../../renderer/src/features/terminal/gpu.js';

describe('terminal pane renderer choice (gpu.ts)', () => {
  it('knows the software rasterisers, ANGLE-wrapped or bare', () => {
    for (const name of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'Google SwiftShader',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'ANGLE (Mesa, llvmpipe (LLVM 15.0.7 256 bits), OpenGL 4.5)',
      'softpipe',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
    ])
      expect([name, classifyGl(name)]).toEqual([name, 'software']);
  });

  it('takes GPUs (and renderers it cannot name) as hardware, and no WebGL2 as none', () => {
    for (const name of [
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002504) Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'ANGLE (Apple, ANGLE Metal Renderer: Apple M1, Unspecified Version)',
      'Mesa Intel(R) UHD Graphics 620 (KBL GT2)',
      'AMD Radeon Pro 5500M OpenGL Engine',
      'WebKit WebGL',
      '',
    ])
      expect([name, isSoftwareGl(name), classifyGl(name)]).toEqual([name, false, 'hardware']);
    expect(classifyGl(null)).toBe('none');
  });
});
