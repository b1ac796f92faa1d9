import FeatureGate from '../../components/FeatureGate.tsx';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import ResourceForm from './ResourceForm.tsx';
import SellerArea from './SellerArea.tsx';

/**
 * /seller/resources/add and /seller/resources/create: a new resource, saved as a draft. Selling
 * needs Educator or higher (decision 0031): below it, the gate instead of the form.
 */
function AddResource() {
  return (
    <SellerArea>
      {() => (
        <FeatureGate feature="store_selling">
          <ResourceForm asSeller backHref="/seller/resources" />
        </FeatureGate>
      )}
    </SellerArea>
  );
}

export default withErrorBoundary(AddResource);
