// Whether a terminal pane should draw with xterm's WebGL renderer: only when WebGL runs on a real GPU. Without one
// (headless Chromium, VMs, remote desktops, a blocklisted driver) Chromium still offers WebGL through a software
// rasteriser (SwiftShader, llvmpipe), and there xterm's WebGL renderer costs far more than its DOM renderer: in the
// ui-flood benchmark a flooded pane held the page's main thread for 100–400 ms at a time (frame p99 ~170 ms) with
// WebGL on SwiftShader, against frames mostly within 50 ms with the DOM renderer. Probes once per page; no xterm here.

/** GL renderer names of software rasterisers (as WEBGL_debug_renderer_info reports them, ANGLE-wrapped or not). */
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software rasterizer|microsoft basic render|mesa offscreen/i;

/** True when a WebGL renderer name (UNMASKED_RENDERER_WEBGL, or RENDERER) is a software rasteriser. */
export function isSoftwareGl(renderer: string): boolean {
  return SOFTWARE.test(renderer);
}

/** What the probe found: `hardware` (use WebGL), else why not. */
export type GlSupport = 'hardware' | 'software' | 'none';

/** The WebGL2 renderer's name in this page, or null without WebGL2. Releases the probe's context at once. */
function glRendererName(doc: Document = document): string | null {
  const gl = doc.createElement('canvas').getContext('webgl2');
  if (!gl) return null;
  try {
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
    return typeof name === 'string' ? name : '';
  } finally {
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}

/** Classifies a probe result (pure). An unnamed renderer counts as hardware: only a known rasteriser opts out. */
export function classifyGl(name: string | null): GlSupport {
  if (name === null) return 'none';
  return isSoftwareGl(name) ? 'software' : 'hardware';
}

let cached: GlSupport | undefined;

/** Probed once per page (a WebGL context is not free); `hardware` means the pane may load the WebGL addon. */
export function glSupport(): GlSupport {
  if (cached === undefined) {
    try {
      cached = classifyGl(glRendererName());
    } catch {
      cached = 'none';
    }
  }
  return cached;
}
