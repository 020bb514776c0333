import { mount } from 'svelte'
import './styles/theme.css'
import GmSeat from './lib/app/GmSeat.svelte'
import { CampaignView } from './lib/state/campaign-view.svelte'
import { connectGm } from './lib/transport/connect'

const transport = connectGm()
const campaign = transport && new CampaignView(transport)
mount(GmSeat, { target: document.getElementById('app')!, props: { campaign } })
// A new GM link pasted into this tab changes only the fragment, which loads nothing: start
// again, so the page connects with the key it now carries.
addEventListener('hashchange', () => location.reload())
