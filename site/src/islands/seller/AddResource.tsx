import { withErrorBoundary } from '../ErrorBoundary.tsx';
import ResourceForm from './ResourceForm.tsx';
import SellerArea from './SellerArea.tsx';

/** /seller/resources/add and /seller/resources/create: a new resource, saved as a draft. */
function AddResource() {
  return <SellerArea>{() => <ResourceForm asSeller backHref="/seller/resources" />}</SellerArea>;
}

export default withErrorBoundary(AddResource);
