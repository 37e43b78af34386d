// Mantine's styles the server-rendered public pages show (decision 158). Imported only by lazyPage,
// so they travel in one small stylesheet that those pages' HTML links before it paints.
import './mantine-public-pages.css';
