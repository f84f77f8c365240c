import { render } from 'preact';
import { Options } from './Options';
import './options.css';

render(<Options />, document.getElementById('app')!);
