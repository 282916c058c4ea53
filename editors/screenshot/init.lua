vim.o.termguicolors = true
vim.o.number = true
vim.o.signcolumn = "yes"
vim.o.updatetime = 300
vim.cmd("colorscheme default")
vim.cmd("syntax on")
vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, { pattern = "*.nbv", command = "setfiletype nbv" })
local client_id = nil
vim.api.nvim_create_autocmd("FileType", {
  pattern = "nbv",
  callback = function(args)
    if client_id == nil then
      client_id = vim.lsp.start_client({
        name = "nbmj",
        cmd = { "nbmj", "lsp" },
        root_dir = vim.fn.getcwd(),
        init_options = { language = "zh" },
      })
    end
    vim.lsp.buf_attach_client(args.buf, client_id)
  end,
})
vim.cmd("highlight NormalFloat guibg=#252530 guifg=#e0e0e0")
vim.cmd("highlight FloatBorder guibg=#252530 guifg=#7aa2f7")
vim.lsp.handlers["textDocument/hover"] = vim.lsp.with(vim.lsp.handlers.hover, { border = "rounded", max_width = 86 })
vim.defer_fn(function()
  local line = vim.api.nvim_buf_get_lines(0, 6, 7, false)[1]
  local col = line:find("%[NB%-12%.11%]")
  vim.api.nvim_win_set_cursor(0, { 7, col + 2 })
  vim.lsp.buf.hover()
end, 3000)
