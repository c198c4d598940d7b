import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { companies, companiesAtom, currentShare } from '@planta/session';

/**
 * The companies the signed-in user may choose (GET company/all), loaded once per sign-in and
 * company switch into the session: the toolbar's selector lists them, and the current company's
 * currency (companyCurrencyAtom) is the one every sum of money is shown in, whether the toolbar
 * is shown or not. A share link's guest chooses no company and may not list them: nothing is asked
 * (their money shows in euros, the default).
 */
export function useCompanyList(signedIn: boolean, companyId: number): void {
  const setCompanies = useSetAtom(companiesAtom);
  useEffect(() => {
    if (!signedIn || currentShare()) {
      setCompanies([]);
      return;
    }
    let alive = true;
    companies()
      .then((found) => alive && setCompanies(found))
      .catch(() => alive && setCompanies([]));
    return () => {
      alive = false;
    };
  }, [signedIn, companyId, setCompanies]);
}
