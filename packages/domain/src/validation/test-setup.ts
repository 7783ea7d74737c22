import { installCatalogueErrors } from './catalogue-errors.ts';

// The domain's schemas are tested as the apps run them: with the catalogue's messages installed.
installCatalogueErrors();
