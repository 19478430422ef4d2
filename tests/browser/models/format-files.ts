/**
 * Small model files written by the formats test: a textured square in each format, to see which
 * way up a texture arrives. Each refers to its picture by name only, as an upload would.
 */

/** base64 PNG, 64x64: top half red, bottom half blue. */
export function redOverBlue(): string {
  const c = document.createElement('canvas');
  c.width = c.height = 64;
  const g = c.getContext('2d')!;
  g.fillStyle = '#ff0000';
  g.fillRect(0, 0, 64, 32);
  g.fillStyle = '#0000ff';
  g.fillRect(0, 32, 64, 32);
  return c.toDataURL('image/png').split(',')[1]!;
}

/** A unit square in x/y facing +z, unlit, textured with pic.png (glTF's uv origin is the image's top left). */
export function quadGltf(): string {
  const pos = new Float32Array([-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0]);
  const uv = new Float32Array([0, 1, 1, 1, 1, 0, 0, 0]);
  const idx = new Uint16Array([0, 1, 2, 0, 2, 3]);
  const bin = new Uint8Array(pos.byteLength + uv.byteLength + idx.byteLength);
  bin.set(new Uint8Array(pos.buffer), 0);
  bin.set(new Uint8Array(uv.buffer), pos.byteLength);
  bin.set(new Uint8Array(idx.buffer), pos.byteLength + uv.byteLength);
  const b64 = btoa(String.fromCharCode(...bin));
  return JSON.stringify({
    asset: { version: '2.0' },
    extensionsUsed: ['KHR_materials_unlit'],
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0, TEXCOORD_0: 1 }, indices: 2, material: 0 }] }],
    materials: [{ pbrMetallicRoughness: { baseColorTexture: { index: 0 } }, extensions: { KHR_materials_unlit: {} } }],
    textures: [{ source: 0 }],
    images: [{ uri: 'pic.png' }],
    buffers: [{ byteLength: bin.byteLength, uri: `data:application/octet-stream;base64,${b64}` }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: pos.byteLength },
      { buffer: 0, byteOffset: pos.byteLength, byteLength: uv.byteLength },
      { buffer: 0, byteOffset: pos.byteLength + uv.byteLength, byteLength: idx.byteLength },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 4, type: 'VEC3', min: [-1, -1, 0], max: [1, 1, 0] },
      { bufferView: 1, componentType: 5126, count: 4, type: 'VEC2' },
      { bufferView: 2, componentType: 5123, count: 6, type: 'SCALAR' },
    ],
  });
}

/**
 * An ASCII FBX: a 20x20 square facing +z whose diffuse texture is referred to by a Windows path
 * (only its name is in the file list), and a camera.
 */
export function quadFbx(): string {
  return `; FBX 7.2.0 project file
FBXHeaderExtension:  {
	FBXHeaderVersion: 1003
	FBXVersion: 7200
}
Objects:  {
	Geometry: 3000, "Geometry::Quad", "Mesh" {
		Vertices: *12 {
			a: -10,-10,0,10,-10,0,10,10,0,-10,10,0
		}
		PolygonVertexIndex: *4 {
			a: 0,1,2,-4
		}
		GeometryVersion: 124
		LayerElementUV: 0 {
			Version: 101
			Name: "map1"
			MappingInformationType: "ByPolygonVertex"
			ReferenceInformationType: "IndexToDirect"
			UV: *8 {
				a: 0,0,1,0,1,1,0,1
			}
			UVIndex: *4 {
				a: 0,1,2,3
			}
		}
		Layer: 0 {
			Version: 100
			LayerElement:  {
				Type: "LayerElementUV"
				TypedIndex: 0
			}
		}
	}
	Model: 300, "Model::Quad", "Mesh" {
	}
	Material: 4000, "Material::pic", "" {
		ShadingModel: "lambert"
		Properties70:  {
			P: "DiffuseColor", "Color", "", "A",1,1,1
		}
	}
	Texture: 5000, "Texture::pic", "" {
		Type: "TextureVideoClip"
		FileName: "C:\\work\\textures\\pic.png"
		RelativeFilename: "textures\\pic.png"
	}
	Video: 6000, "Video::pic", "Clip" {
		Type: "Clip"
		FileName: "C:\\work\\textures\\pic.png"
		RelativeFilename: "textures\\pic.png"
	}
	NodeAttribute: 7000, "NodeAttribute::", "Camera" {
		TypeFlags: "Camera"
	}
	Model: 700, "Model::Camera", "Camera" {
	}
}
Connections:  {
	C: "OO",300,0
	C: "OO",3000,300
	C: "OO",4000,300
	C: "OP",5000,4000, "DiffuseColor"
	C: "OO",6000,5000
	C: "OO",700,0
	C: "OO",7000,700
}
`;
}
