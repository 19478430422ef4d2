/** The settings rows every panel is made of (ARCHITECTURE example 11). */
export { NumberField, NumberInput, type NumberFieldProps } from './NumberField';
export { ColourField, ColourInput, type ColourFieldProps } from './ColourField';
export { ImageField, ImageInput, type ImageFieldProps } from './ImageField';
export { MediaLibraryModal, type MediaLibraryModalProps } from './MediaLibraryModal';
export { Vec3Field, type Vec3FieldProps } from './Vec3Field';
export { SwitchField, type SwitchFieldProps } from './SwitchField';
export { SelectField, type SelectFieldProps, type SelectOption } from './SelectField';
export { TextField, type TextFieldProps } from './TextField';
export { ListField, type ListFieldProps } from './ListField';
export { CommitInput } from './CommitInput';
export { imageUploadRefusal, mediaUrl } from './imageUpload';
