import { mount } from 'svelte'
import './styles/theme.css'
import GmApp from './lib/app/GmApp.svelte'
import { CampaignView } from './lib/state/campaign-view.svelte'
import { connectTransport } from './lib/transport/connect'

const campaign = new CampaignView(connectTransport('gm'))
mount(GmApp, { target: document.getElementById('app')!, props: { campaign } })
