//! The panels of the app, one component per file, grouped by screen area.

pub mod compile_bar;
pub mod editor;
pub mod examples_menu;
pub mod header;
pub mod layout;
pub mod legend;
pub mod notice;
pub mod open_files;
pub mod options;
pub mod share_button;
pub mod theme_toggle;
pub mod views;
