/**
 * What GLSL inside a shader material's strings may name, for completion there: three's ShaderMaterial
 * declares its matrices, camera and vertex attributes before the designer's code (WebGLProgram's
 * prefix), and GLSL has its own types, qualifiers, variables and functions.
 */
export const GLSL_NAMES = {
  /** Declared by three for a ShaderMaterial (uniforms of both stages, the vertex stage's attributes). */
  three: 'modelMatrix modelViewMatrix projectionMatrix viewMatrix normalMatrix cameraPosition isOrthographic position normal uv',
  type: 'void bool int float vec2 vec3 vec4 ivec2 ivec3 ivec4 bvec2 bvec3 bvec4 mat2 mat3 mat4 sampler2D samplerCube',
  keyword: 'uniform varying attribute const precision highp mediump lowp in out inout if else for while return discard break continue',
  variable: 'gl_Position gl_PointSize gl_FragColor gl_FragCoord gl_PointCoord gl_FrontFacing',
  function:
    'texture2D textureCube radians degrees sin cos tan asin acos atan pow exp log exp2 log2 sqrt inversesqrt abs sign floor ceil ' +
    'fract mod min max clamp mix step smoothstep length distance dot cross normalize reflect refract faceforward',
} as const;
