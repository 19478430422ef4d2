import { chromium } from 'playwright';
const args = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const p = await b.newPage();
const r = await p.evaluate(() => {
  const c = document.createElement('canvas');
  const gl = c.getContext('webgl2');
  if (!gl) return 'no webgl2';
  const ext = gl.getExtension('WEBGL_debug_renderer_info');
  return gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
});
const w = await p.evaluate(async () => {
  const blob = new Blob([`const c=new OffscreenCanvas(4,4);const gl=c.getContext('webgl2');postMessage(gl?gl.getParameter(gl.getExtension('WEBGL_debug_renderer_info').UNMASKED_RENDERER_WEBGL):'none')`]);
  const wk = new Worker(URL.createObjectURL(blob));
  return new Promise((res) => (wk.onmessage = (e) => res(e.data)));
});
console.log(JSON.stringify(args), '->', r, '| worker:', w);
await b.close();
