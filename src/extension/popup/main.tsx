import { render } from 'preact';
import { Shell } from './Shell';
import './popup.css';

render(<Shell surface="popup" />, document.getElementById('app')!);
