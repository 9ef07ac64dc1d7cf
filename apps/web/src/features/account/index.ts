/** Member images: the picker and the content checks other features use. */
export { checkImageFile, IMAGE_MAX_LABEL, mbLabel, sniffImage } from './image-check';
export { ImagePicker } from './ImagePicker';
