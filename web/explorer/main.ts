/** The explorer's entry point: styles, the routes, and the start. */
import 'uplot/dist/uPlot.min.css';
import './style.css';
import { route, start } from './router.js';
import { listPage } from './pages/list.js';
import { eventPage } from './pages/event.js';
import { marketPage } from './pages/market.js';
import { walletPage } from './pages/wallet.js';

route(/^\/explorer$/, listPage);
route(/^\/explorer\/event\/([^/]+)$/, eventPage);
route(/^\/explorer\/market\/([^/]+)$/, marketPage);
route(/^\/explorer\/wallet\/([^/]+)$/, walletPage);
start();
