import { Link } from 'react-router';

/** docs/product.md §8: the way out of a failed checkout, "Back To Profile" to /dashboard (as specified). */
export function BackToProfile() {
  return (
    <Link to="/dashboard" className="btn-primary">
      Back To Profile
    </Link>
  );
}
