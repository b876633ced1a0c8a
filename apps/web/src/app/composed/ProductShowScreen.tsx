import { ProductShowPage } from '../../features/catalog/ProductShowPage';
import { ProductImages } from '../../features/media/ProductImages';

/** /product/show/:id: the catalog's product page with the media feature's images. */
export function ProductShowScreen() {
  return <ProductShowPage ProductImages={ProductImages} />;
}
