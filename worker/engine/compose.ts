import {
  BufferGeometry,
  Float32BufferAttribute,
  LinearFilter,
  Mesh,
  NoBlending,
  OrthographicCamera,
  ShaderMaterial,
  WebGLRenderTarget,
  type Camera,
  type Object3D,
  type Scene,
  type WebGLRenderer,
} from 'three';

/**
 * The scene at its render scale, what a person reads at the screen's (issue 34 point 1).
 *
 * Adaptive resolution draws the scene with fewer pixels than the screen has while the view moves.
 * The cards, pins, badges and the editor's outline and gizmo (the overlay scene) are drawn after
 * it at the canvas' full ratio: when the scene's ratio is lower, it is drawn into a target of its
 * own, that target is stretched over the canvas once, and the overlays are drawn over it, in the
 * same frame.
 *
 * The target holds what the canvas would: three treats an XR render target as the screen (tone
 * mapping and the output colour space inside each material, WebGLPrograms / WebGLRenderer
 * setProgram in r187), so every material keeps its one compiled program (no second variant to
 * compile on the first moving frame) and the stretch is a plain copy. Its storage is RGBA8 named
 * explicitly: an sRGB texture would otherwise get SRGB8_ALPHA8 and blend in linear, unlike the
 * canvas. A three.js that no longer reads the flag so shows in the scene's colours at half scale
 * (tests/browser/overlays/cards-sharp.test.tsx, linear output above all).
 *
 * Overlays are never hidden by the scene's depth (a card is hidden by its anchor's test,
 * overlays/cards/occlusion.ts; lines, outline and gizmo never test depth, pins only against the
 * cards' bodies): the depth buffer is cleared before them, so they look the same whichever way the
 * scene was drawn.
 */
export class FrameComposer {
  private target: WebGLRenderTarget | null = null;
  private readonly copy = new ShaderMaterial({
    vertexShader: /* glsl */ `
      varying vec2 vUv;
      void main() {
        vUv = position.xy * 0.5 + 0.5;
        gl_Position = vec4(position.xy, 0.0, 1.0);
      }`,
    fragmentShader: /* glsl */ `
      uniform sampler2D scene;
      varying vec2 vUv;
      void main() { gl_FragColor = texture2D(scene, vUv); }`,
    uniforms: { scene: { value: null } },
    // Premultiplied colour and alpha, copied as they are: the canvas gets what it would have drawn.
    blending: NoBlending,
    depthTest: false,
    depthWrite: false,
    toneMapped: false,
  });
  /** One triangle over the whole view: no diagonal seam, each pixel drawn once. */
  private readonly quad: Mesh;
  private readonly quadCamera = new OrthographicCamera();

  constructor(private readonly renderer: WebGLRenderer) {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute([-1, -1, 0, 3, -1, 0, -1, 3, 0], 3));
    this.quad = new Mesh(geometry, this.copy);
    this.quad.frustumCulled = false;
  }

  /**
   * The target the scene is drawn into for a frame of `width` x `height` pixels, in the renderer's
   * output colour space now (renderConfig.outputEncoding may change it).
   */
  sceneTarget(width: number, height: number): WebGLRenderTarget {
    let target = this.target;
    if (!target) {
      target = new WebGLRenderTarget(width, height, {
        // Multisampled where the canvas is (engine/gpu.ts): the edges do not change with the scale.
        samples: this.renderer.getContext().getContextAttributes()?.antialias ? 4 : 0,
        minFilter: LinearFilter,
        magFilter: LinearFilter,
        generateMipmaps: false,
      });
      target.texture.name = 'dash3d:scene.rt';
      target.texture.internalFormat = 'RGBA8';
      (target as WebGLRenderTarget & { isXRRenderTarget: boolean }).isXRRenderTarget = true;
      this.target = target;
    }
    if (target.width !== width || target.height !== height) target.setSize(width, height);
    target.texture.colorSpace = this.renderer.outputColorSpace;
    return target;
  }

  /** The scene's target as last sized, or null (stats). */
  current(): WebGLRenderTarget | null {
    return this.target;
  }

  /** The scene target stretched over the whole canvas (drawn into it by the caller this frame). */
  present(): void {
    if (!this.target) return;
    const { renderer } = this;
    this.copy.uniforms.scene!.value = this.target.texture;
    renderer.setRenderTarget(null);
    const autoClear = renderer.autoClear;
    renderer.autoClear = false;
    try {
      renderer.render(this.quad, this.quadCamera);
    } finally {
      renderer.autoClear = autoClear;
    }
  }

  /** The overlay scene over whatever the canvas holds now, its depth cleared first (see the class). */
  drawOverlays(overlay: Scene, camera: Camera): void {
    const { renderer } = this;
    renderer.setRenderTarget(null);
    const autoClear = renderer.autoClear;
    renderer.autoClear = false;
    try {
      renderer.clearDepth();
      renderer.render(overlay, camera);
    } finally {
      renderer.autoClear = autoClear;
    }
  }

  /** The scene target's memory back (no overlay left to draw over a scaled scene). */
  release(): void {
    this.target?.dispose();
    this.target = null;
  }

  dispose(): void {
    this.release();
    this.copy.dispose();
    this.quad.geometry.dispose();
  }
}

/** Whether the overlay scene has anything to draw: a visible top-level object with something in it. */
export function hasOverlays(overlay: Object3D): boolean {
  return overlay.children.some((o) => o.visible && (o.children.length > 0 || (o as Mesh).isMesh || (o as { isLine?: boolean }).isLine));
}
