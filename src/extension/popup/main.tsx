import { render } from 'preact';
import { App } from './App';
import './popup.css';

render(<App />, document.getElementById('app')!);
