/** Page entry: starts the node's worker, wraps it in the RpcClient and mounts the app. */
import { mount } from 'svelte';
import { RpcClient } from '../client/RpcClient';
import App from './App.svelte';
import './app.css';
import { applyTheme, loadTheme } from './lib/theme';

// Before the app mounts: it is drawn in the chosen theme from its first frame.
applyTheme(loadTheme());

const worker = new Worker(new URL('../node/worker.ts', import.meta.url), { type: 'module' });
const client = new RpcClient(worker);

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element');

mount(App, { target, props: { client, worker } });
