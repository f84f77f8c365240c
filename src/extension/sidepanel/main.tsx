import { render } from 'preact';
import { Shell } from '../popup/Shell';
import '../popup/popup.css';

/*
 * The side panel (Chrome's side_panel, Firefox's sidebar_action): the popup's workbench, staying
 * open beside the page while the user fills a form across fields and pages.
 */
render(<Shell surface="panel" />, document.getElementById('app')!);
