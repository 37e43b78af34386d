// Mantine's component styles that the landing page does not need (decision 070). Imported only by
// lazyPage, so they travel in one stylesheet shared by every page chunk.
import './mantine-pages.css';
