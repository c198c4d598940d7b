import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES } from '@planta/contracts';

/**
 * How a role's name reads to a person: a built-in role's code (admin, staff, user, guest) through
 * its label in the user's language ('Administrador'); a company's own role as its administrator
 * named it. The code stays in the data and the API.
 */
export function useRoleLabel(): (name: string) => string {
  const { t } = useTranslation('common');
  return useCallback((name: string) => ((ROLES as readonly string[]).includes(name) ? t(`common:roles.${name}`) : name), [t]);
}
