import { mount } from 'svelte'
import './styles/theme.css'
import PlayerApp from './lib/app/PlayerApp.svelte'
import { CampaignView } from './lib/state/campaign-view.svelte'
import { connectTransport } from './lib/transport/connect'

const campaign = new CampaignView(connectTransport('player'))
mount(PlayerApp, { target: document.getElementById('app')!, props: { campaign } })
