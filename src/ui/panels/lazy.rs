//! A panel from a wasm module of its own (`ui::lazy_app`), which only a
//! visitor who opens one of its panels downloads: the panels' module (every
//! panel but the GPU's) and the GPU panel's (wgpu and the kernels). In the
//! page's module each panel's place holds this loader: index.html's
//! `bitscopePanels()` or `bitscopeGpu()` imports the module once; the
//! loader mounts the panel in its place (with an embed's step limits),
//! hands it every new route, and takes back every change of its state as
//! a route.

use super::PanelProps;
use crate::ui::components::StepLimits;
use crate::ui::route::{Panel, Params, Route};
use js_sys::{Function, Reflect};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

#[derive(Clone, PartialEq)]
enum Load {
    Loading,
    Ready,
    Failed(String),
}

fn js_text(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{e:?}"))
}

/// The function index.html defines to import a panel's module.
fn loader_name(panel: Panel) -> &'static str {
    match panel {
        Panel::Gpu => "bitscopeGpu",
        _ => "bitscopePanels",
    }
}

/// The panel's module's exports, loaded (and initialised) once per page.
async fn load_module(panel: Panel) -> Result<JsValue, String> {
    let window = web_sys::window().ok_or("no window")?;
    let name = loader_name(panel);
    let load: Function = Reflect::get(&window, &name.into())
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or_else(|| {
            format!(
                "this page cannot load the {} panel (index.html defines no {name})",
                panel.title()
            )
        })?;
    let promise: js_sys::Promise = load
        .call0(&JsValue::NULL)
        .map_err(js_text)?
        .dyn_into()
        .map_err(js_text)?;
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map_err(|e| format!("the {} panel could not load: {}", panel.title(), js_text(e)))
}

fn call(module: &JsValue, name: &str, args: &[&JsValue]) -> Result<(), String> {
    let f: Function = Reflect::get(module, &name.into())
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or_else(|| format!("the panel's module has no {name}"))?;
    let args: js_sys::Array = args.iter().collect();
    f.apply(&JsValue::NULL, &args).map(|_| ()).map_err(js_text)
}

/// What the mounted panel needs from this component, kept current.
struct Link {
    module: Option<JsValue>,
    on_params: Callback<Params>,
    hash: String,
    /// The function the panel calls with its new route (dropped on unmount).
    on_hash: Option<Closure<dyn Fn(String)>>,
}

#[derive(Properties, PartialEq, Clone)]
pub struct LazyProps {
    pub panel: Panel,
    pub props: PanelProps,
}

/// The panel `panel`, from its own module, loaded on first use.
#[function_component(LazyPanel)]
pub fn lazy_panel(LazyProps { panel, props }: &LazyProps) -> Html {
    let panel = *panel;
    let host = use_node_ref();
    let load = use_state(|| Load::Loading);
    let limits = use_context::<StepLimits>();
    let hash = Route {
        panel,
        params: props.params.clone(),
    }
    .to_hash();
    let link = use_mut_ref(|| Link {
        module: None,
        on_params: props.on_params.clone(),
        hash: hash.clone(),
        on_hash: None,
    });
    {
        let mut l = link.borrow_mut();
        l.on_params = props.on_params.clone();
        l.hash = hash.clone();
    }
    {
        let (host, load, link) = (host.clone(), load.clone(), link.clone());
        use_effect_with((), move |_| {
            let alive = Rc::new(Cell::new(true));
            let still = alive.clone();
            let mounted = link.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let result = load_module(panel).await.and_then(|module| {
                    if !still.get() {
                        return Ok(());
                    }
                    mount(&module, &host, &mounted, limits)?;
                    mounted.borrow_mut().module = Some(module);
                    Ok(())
                });
                if still.get() {
                    load.set(result.map_or_else(Load::Failed, |()| Load::Ready));
                }
            });
            move || {
                alive.set(false);
                let mut l = link.borrow_mut();
                if let Some(module) = l.module.take() {
                    let _ = call(&module, "panel_unmount", &[]);
                }
                l.on_hash = None;
            }
        });
    }
    // a new route (back, a followed link): the panel's new props
    {
        let link = link.clone();
        use_effect_with(hash, move |hash| {
            if let Some(module) = &link.borrow().module {
                let _ = call(module, "panel_update", &[&JsValue::from_str(hash)]);
            }
        });
    }
    html! {
        <>
            <div ref={host} class="lazy-host"></div>
            { match &*load {
                // (not a section.panel: tests wait for the panel itself)
                Load::Loading => html! { <p class="loading lazy-loading">{ format!("Loading the {} panel…", panel.title()) }</p> },
                Load::Ready => html! {},
                Load::Failed(message) => html! { <p class="error-box lazy-loading" role="alert">{ message.clone() }</p> },
            } }
        </>
    }
}

/// Mounts the panel in `host`, wired to `link`; an embed's step limits go
/// with it (a context does not cross into another module's Yew).
fn mount(
    module: &JsValue,
    host: &NodeRef,
    link: &Rc<RefCell<Link>>,
    limits: Option<StepLimits>,
) -> Result<(), String> {
    let el: web_sys::Element = host.cast().ok_or("the panel's place is gone")?;
    let weak = Rc::downgrade(link);
    let on_hash = Closure::<dyn Fn(String)>::new(move |hash: String| {
        if let Some(link) = weak.upgrade() {
            let on_params = link.borrow().on_params.clone();
            on_params.emit(Route::parse(&hash).params);
        }
    });
    let hash = JsValue::from_str(&link.borrow().hash);
    let steps = limits
        .and_then(|l| l.range)
        .map(|r| JsValue::from_str(&r.text()));
    let autoplay = limits.map(|l| JsValue::from_bool(l.autoplay));
    let none = JsValue::UNDEFINED;
    let (steps, autoplay) = (steps.unwrap_or(none.clone()), autoplay.unwrap_or(none));
    call(
        module,
        "panel_mount",
        &[&el, &hash, on_hash.as_ref(), &steps, &autoplay],
    )?;
    link.borrow_mut().on_hash = Some(on_hash);
    Ok(())
}
