/** The lazily loaded `/admin/*` route: registers the console's catalogue, then renders the console. */
import { registerAdminCatalogue } from '../../i18n/admin-resources';
import { AdminConsole } from './AdminConsole';
import './admin.css';

registerAdminCatalogue();

export const Component = AdminConsole;
