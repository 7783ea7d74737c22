import { commonPasswordList } from '../auth/common-passwords.ts';
import { installCommonPasswords } from '../auth/password-policy.ts';
import { installCatalogueErrors } from './catalogue-errors.ts';

// The domain's schemas are tested as the server runs them: with the catalogue's messages and the
// list of common passwords installed.
installCatalogueErrors();
installCommonPasswords(commonPasswordList());
