import { installPasswordChecks } from '../auth/password-checks.ts';
import { installCatalogueErrors } from './catalogue-errors.ts';

// The domain's schemas are tested as the server runs them: with the catalogue's messages and the
// password checks (the list of common passwords, the strength estimate) installed.
installCatalogueErrors();
installPasswordChecks();
