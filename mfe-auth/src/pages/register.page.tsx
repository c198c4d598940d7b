import { Link } from 'react-router-dom';
import { AreaLanding } from '@planta/ui';

/** Registration (spec 2.2); the three sign-up tabs are being built on this page. */
export default function RegisterPage() {
  return (
    <>
      <AreaLanding alias="users" />
      <Link to="/login">Ingresar</Link>
    </>
  );
}
