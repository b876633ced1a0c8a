import type { FeatureStrings } from '../../shared/routing/screen-map';

/**
 * Media strings. Product images follow the wording of spec 8's logo messages; the logo messages
 * themselves are kept verbatim under `logos` for the channel logo screen (folder logos, type process).
 */
const en = {
  images: {
    title: 'Images',
    upload: 'Upload image',
    uploading: 'Uploading…',
    help: 'PNG, JPEG, WebP or GIF, up to 5 MB.',
    empty: 'No images yet',
    remove: 'Remove image {{name}}',
    thumbnailFailed: 'Preview not available',
    listLabel: 'Product images',
  },
  confirm: {
    title: 'Remove image',
    message: 'Remove “{{name}}” from this product? This cannot be undone.',
    action: 'Remove',
  },
  notices: {
    saved: 'Image Saved Successfully.',
    removed: 'Image Removed Successfully.',
  },
  errors: {
    load: 'Error Loading Images',
    save: 'Error Saving the Image',
    remove: 'Error Removing the Image.',
    notImage: '{{name}} is not a PNG, JPEG, WebP or GIF image.',
    tooLarge: '{{name}} is larger than 5 MB.',
  },
  logos: {
    loadError: 'Error Loading Logos',
    saveError: 'Error Saving you Logo',
    removeError: 'Error Removing the Logo.',
    saved: 'Logo Saved Successfully.',
    removed: 'Image Removed Successfully.',
  },
};

const es: typeof en = {
  images: {
    title: 'Imágenes',
    upload: 'Subir imagen',
    uploading: 'Subiendo…',
    help: 'PNG, JPEG, WebP o GIF, hasta 5 MB.',
    empty: 'Aún no hay imágenes',
    remove: 'Quitar la imagen {{name}}',
    thumbnailFailed: 'Vista previa no disponible',
    listLabel: 'Imágenes del producto',
  },
  confirm: {
    title: 'Quitar imagen',
    message: '¿Quitar «{{name}}» de este producto? No se puede deshacer.',
    action: 'Quitar',
  },
  notices: {
    saved: 'Imagen guardada correctamente.',
    removed: 'Imagen eliminada correctamente.',
  },
  errors: {
    load: 'Error al cargar las imágenes',
    save: 'Error al guardar la imagen',
    remove: 'Error al eliminar la imagen.',
    notImage: '{{name}} no es una imagen PNG, JPEG, WebP o GIF.',
    tooLarge: '{{name}} pesa más de 5 MB.',
  },
  logos: {
    loadError: 'Error al cargar los logotipos',
    saveError: 'Error al guardar su logotipo',
    removeError: 'Error al eliminar el logotipo.',
    saved: 'Logotipo guardado correctamente.',
    removed: 'Imagen eliminada correctamente.',
  },
};

export const mediaStrings: FeatureStrings = { en, es };
