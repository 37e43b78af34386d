// The server and the page renderer speak every language at once: both catalogues, loaded eagerly.
import '../messages/translations/es';
import '../messages/translations/fr';
