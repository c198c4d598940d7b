import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOut } from '@planta/session';
import { LoadingScreen } from '@planta/ui';

/** Spec 4 logout: to '/', sign out, user back to default. */
export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate('/', { replace: true });
    signOut();
  }, [navigate]);
  return <LoadingScreen />;
}
