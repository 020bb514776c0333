import { mount } from 'svelte'
import './styles/theme.css'
import PlayerApp from './lib/app/PlayerApp.svelte'
import { CampaignView } from './lib/state/campaign-view.svelte'
import { connectTable } from './lib/transport/connect'

const campaign = new CampaignView(connectTable())
mount(PlayerApp, { target: document.getElementById('app')!, props: { campaign } })
