//! The file tabs: the kernel first, then headers that can be added, renamed and deleted.

use crate::state::use_session;
use leptos::prelude::*;
use rivulet_core::share::{SharedFile, MAX_FILES};

/// The tab strip above the code.
#[component]
pub fn Tabs() -> impl IntoView {
    let session = use_session();
    let names = Memo::new(move |_| {
        session
            .files
            .with(|f| f.iter().map(|f| f.name.clone()).collect::<Vec<_>>())
    });
    let renaming = RwSignal::new(None::<usize>);
    let draft = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);

    let commit = move || {
        let Some(index) = renaming.get_untracked() else {
            return;
        };
        let name = draft.get_untracked().trim().to_string();
        match check_name(&names.get_untracked(), index, &name) {
            Ok(()) => {
                session.files.update(|f| f[index].name = name);
                renaming.set(None);
                error.set(None);
            }
            Err(why) => error.set(Some(why)),
        }
    };
    let add = move |_| {
        let taken = names.get_untracked();
        if taken.len() >= MAX_FILES {
            error.set(Some(format!("at most {MAX_FILES} files")));
            return;
        }
        let name = (1..)
            .map(|n| format!("header{n}.h"))
            .find(|n| !taken.contains(n))
            .unwrap_or_default();
        session.files.update(|f| {
            f.push(SharedFile {
                name,
                text: String::new(),
            })
        });
        session.active.set(taken.len());
    };
    let delete = move |index: usize| {
        session.files.update(|f| {
            if index > 0 && index < f.len() {
                f.remove(index);
            }
        });
        session
            .active
            .update(|a| *a = (*a).min(names.get_untracked().len() - 1));
        renaming.set(None);
    };

    view! {
        <div class="tabs" role="group" aria-label="Files">
            {move || {
                names
                    .get()
                    .into_iter()
                    .enumerate()
                    .map(|(i, name)| {
                        let selected = move || session.active.get() == i;
                        if renaming.get() == Some(i) {
                            // The input takes focus with the name selected, ready to type over.
                            let input = NodeRef::<leptos::html::Input>::new();
                            let current = name.clone();
                            input.on_load(move |el| {
                                el.set_value(&current);
                                let _ = el.focus();
                                el.select();
                            });
                            view! {
                                <input
                                    class="tab-rename"
                                    node_ref=input
                                    data-testid="rename-input"
                                    prop:value=name
                                    on:input=move |ev| draft.set(event_target_value(&ev))
                                    on:keydown=move |ev| match ev.key().as_str() {
                                        "Enter" => commit(),
                                        "Escape" => {
                                            renaming.set(None);
                                            error.set(None);
                                        }
                                        _ => {}
                                    }
                                    on:blur=move |_| commit()
                                />
                            }
                                .into_any()
                        } else {
                            view! {
                                <span class="tab" class:active=selected>
                                    <button
                                        class="tab-name"
                                        aria-pressed=move || selected().to_string()
                                        data-testid=format!("tab-{i}")
                                        on:click=move |_| session.active.set(i)
                                        on:dblclick=move |_| {
                                            draft.set(names.get_untracked()[i].clone());
                                            renaming.set(Some(i));
                                        }
                                    >
                                        {name.clone()}
                                    </button>
                                    <button
                                        class="tab-icon"
                                        title="Rename"
                                        data-testid=format!("rename-tab-{i}")
                                        on:click=move |_| {
                                            draft.set(names.get_untracked()[i].clone());
                                            renaming.set(Some(i));
                                        }
                                    >
                                        "✎"
                                    </button>
                                    {(i > 0)
                                        .then(|| {
                                            view! {
                                                <button
                                                    class="tab-icon"
                                                    title="Delete this header"
                                                    data-testid=format!("delete-tab-{i}")
                                                    on:click=move |_| delete(i)
                                                >
                                                    "×"
                                                </button>
                                            }
                                        })}
                                </span>
                            }
                                .into_any()
                        }
                    })
                    .collect_view()
            }}
            <button class="tab-add" data-testid="add-header" on:click=add title="Add a header file">
                "+ header"
            </button>
            {move || error.get().map(|e| view! { <span class="tab-error" data-testid="tab-error">{e}</span> })}
        </div>
    }
}

/// Why `name` cannot be the name of tab `index`, if it cannot.
fn check_name(names: &[String], index: usize, name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("a file needs a name".into());
    }
    if name.contains(['/', '\\']) {
        return Err("no folders in file names".into());
    }
    if names
        .iter()
        .enumerate()
        .any(|(i, n)| i != index && n == name)
    {
        return Err(format!("{name} already exists"));
    }
    Ok(())
}
