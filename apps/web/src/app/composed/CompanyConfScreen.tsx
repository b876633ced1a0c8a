import { CompanyConfPage } from '../../features/companies/CompanyConfPage';
import { InviteUserDialog } from '../../features/users/InviteUserDialog';

/** /admin/companies/:id/conf: the company page, inviting users with the users feature's dialog. */
export function CompanyConfScreen() {
  return <CompanyConfPage InviteUserDialog={InviteUserDialog} />;
}
